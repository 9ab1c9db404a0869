import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

/**
 * The columns of a link we email to a user's address (a verification or a password reset): its
 * token is the row id signed with the address (signed-link-token.ts), so the row holds no secret.
 * Single use (`usedAt`) and valid until `expiresAt`.
 */
@Entity({ abstract: true })
export abstract class EmailedLink {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  /** The address the link was sent to: it stands for that address only, not one the user has since. */
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
