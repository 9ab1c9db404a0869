import { type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from './user.entity';

/**
 * A signed-in session as the account page lists it: one per refresh-token family, its
 * id the family's. The access tokens of the session carry that id (`sid`), and the API refuses them
 * as soon as `revokedAt` is set, so signing a session out takes effect at once on every instance.
 * Of the client it keeps what the list shows and no more: the browser as read from its User-Agent,
 * the network of its address (IPv4 /24, IPv6 /48: never the address) and the place that network is
 * registered in.
 */
@Entity({ tableName: 'account_sessions' })
@Index({ properties: ['user', 'lastUsedAt'] })
export class AccountSession {
  /** The refresh-token family of the session. */
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  /** The last refresh, or the last signed-in call (recorded at most every few minutes). */
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  lastUsedAt: Date = new Date();

  /** When its newest refresh token expires: the session ends then unless refreshed. */
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  revokedAt: Date | null = null;

  /** "Chrome 131 on macOS", from the User-Agent of its last sign-in or refresh. */
  @Property({ type: 'string', length: 120 })
  browser!: string;

  /** "203.0.113.0/24", "2001:db8:1::/48": the network of its last address; null when none was told. */
  @Property({ type: 'string', length: 64, nullable: true })
  network: string | null = null;

  /** Where that network is registered ("London, United Kingdom"); null when not known. */
  @Property({ type: 'string', length: 120, nullable: true })
  place: string | null = null;
}
