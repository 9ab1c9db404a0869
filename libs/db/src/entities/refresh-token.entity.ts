import { type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

/**
 * One refresh token of a sign-in. Every rotation adds a row to the same family and marks the old
 * one rotated; presenting a rotated or revoked token revokes the whole family (reuse detection).
 * Only the SHA-256 of the token is stored.
 */
@Entity({ tableName: 'refresh_tokens' })
export class RefreshToken {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Index()
  @Property({ type: 'uuid' })
  family!: string;

  @Property({ type: 'string', length: 64, unique: true, hidden: true })
  tokenHash!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  /** When the sign-in last proved its password or second factor (the access token's `auth_time`). */
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  authenticatedAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  rotatedAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  revokedAt: Date | null = null;
}
