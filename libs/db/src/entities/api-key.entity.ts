import { ArrayType, BigIntType, type Opt, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { API_KEY_SCOPES, type ApiKeyKind, type ApiKeyScope, type ApiKeyStatus } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

/**
 * A user's API key, stored as an HMAC-SHA-256 of the key; only its prefix and last 4 are kept. What
 * restricts it (scopes, networks, origins, cap, expiry) is read with it on the metered path.
 */
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

  @Property({ type: 'string', length: 12 })
  kind: Opt<ApiKeyKind> = 'secret';

  @Property({ type: new ArrayType<ApiKeyScope>((stored) => stored as ApiKeyScope), columnType: 'text[]' })
  scopes: Opt<ApiKeyScope[]> = [...API_KEY_SCOPES];

  /** CIDR blocks the key may be called from; empty: anywhere. */
  @Property({ type: new ArrayType<string>(), columnType: 'text[]' })
  allowedNetworks: Opt<string[]> = [];

  /** Web origins a publishable key answers. */
  @Property({ type: new ArrayType<string>(), columnType: 'text[]' })
  allowedOrigins: Opt<string[]> = [];

  @Property({ type: new BigIntType('number'), nullable: true })
  monthlyCap: number | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  expiresAt: Date | null = null;

  /** After a roll: the replaced secret's hash, working until `previousRetiresAt`. */
  @Property({ type: 'string', length: 64, nullable: true, hidden: true })
  previousKeyHash: string | null = null;

  @Property({ type: 'string', length: 4, nullable: true })
  previousKeyLast4: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  previousRetiresAt: Date | null = null;
}
