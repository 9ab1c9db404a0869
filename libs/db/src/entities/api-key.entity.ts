import { BigIntType, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { ApiKeyStatus } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

/** A user's API key, stored as an HMAC-SHA-256 of the key; only its prefix and last 4 are kept. */
@Entity({ tableName: 'api_keys' })
@Index({ properties: ['user', 'status'] })
export class ApiKey {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'string', length: 64 })
  name!: string;

  @Property({ type: 'string', length: 64, unique: true, hidden: true })
  keyHash!: string;

  @Property({ type: 'string', length: 32 })
  keyPrefix!: string;

  @Property({ type: 'string', length: 4 })
  keyLast4!: string;

  @Property({ type: 'string', length: 10 })
  status: ApiKeyStatus = 'active';

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  disabledAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  lastUsedAt: Date | null = null;

  @Property({ type: new BigIntType('number'), default: 0 })
  totalRequests: number = 0;
}
