import { Entity, Property } from '@mikro-orm/decorators/legacy';

/**
 * The columns of a row the worker emails: stored first, then sent by the email queue with retries;
 * the sweep queues again every row not yet emailed.
 */
@Entity({ abstract: true })
export abstract class EmailedRow {
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  emailedAt: Date | null = null;

  /** Set when the last retry failed: operators see it; the sweep queues it again until it is sent. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  emailFailedAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  emailError: string | null = null;
}
