import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A contact-form message: stored before anything else, then emailed by the worker. */
@Entity({ tableName: 'contact_messages' })
export class ContactMessage {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string', length: 254 })
  email!: string;

  @Property({ type: 'string', length: 200 })
  subject!: string;

  @Property({ type: 'text' })
  message!: string;

  @Index()
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  emailedAt: Date | null = null;

  /** Set when the last retry failed: operators see it (and can resend). */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  emailFailedAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  emailError: string | null = null;
}
