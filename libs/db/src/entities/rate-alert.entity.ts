import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { RateAlertChannel, RateAlertCondition } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';

/**
 * A user's rate alert: a pair above or below a level, or a change of N % over a window. `armed`
 * until it fires, then `triggered` until the rate is back past the hysteresis; the worker moves it
 * with conditional UPDATEs, so two workers evaluating one publish fire it once. Decimals are
 * `numeric`, held as strings.
 */
@Entity({ tableName: 'rate_alerts' })
@Index({ properties: ['userId', 'createdAt'] })
export class RateAlert {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 12 })
  base!: string;

  @Property({ type: 'string', length: 12 })
  quote!: string;

  @Property({ type: 'string', length: 10 })
  condition!: RateAlertCondition;

  @Property({ type: 'decimal', columnType: 'numeric', nullable: true })
  level: string | null = null;

  @Property({ type: 'decimal', columnType: 'numeric', nullable: true })
  changePercent: string | null = null;

  @Property({ type: 'integer', nullable: true })
  windowMinutes: number | null = null;

  @Property({ type: 'decimal', columnType: 'numeric' })
  hysteresisPercent: string = '0';

  @Property({ type: 'integer' })
  cooldownMinutes: number = 0;

  @Property({ type: 'string', length: 10 })
  channel!: RateAlertChannel;

  @Property({ type: 'string', length: 10 })
  state: 'armed' | 'triggered' = 'armed';

  @Property({ type: 'boolean' })
  paused: boolean = false;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  lastTriggeredAt: Date | null = null;

  @Property({ type: 'decimal', columnType: 'numeric', nullable: true })
  lastTriggeredRate: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
