import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * One verification link sent to a user's address (issue 30 §5). The link's token is this row's id
 * signed with a key derived from JWT_SECRET (email-verification-token.ts): the row holds no secret,
 * so a leaked table verifies nobody. Single use (`usedAt`), and valid until `expiresAt`. A resend
 * adds a row; earlier links of the same address stay valid until they expire or one is used.
 */
@Entity({ tableName: 'email_verifications' })
@Index({ properties: ['userId', 'createdAt'] })
export class EmailVerification {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  /** The address the link was sent to: it verifies that address only, not one the user has since. */
  @Property({ type: 'string', columnType: 'citext' })
  email!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  usedAt: Date | null = null;

  /** When the SMTP server took the email (the worker sends it). */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  emailedAt: Date | null = null;
}
