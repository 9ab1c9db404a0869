import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { EmailedLink } from './emailed-link.entity';

/**
 * A change of an account's address waiting for its link (change email): `email` is the
 * new address the link was mailed to, `previousEmail` the one it replaces, told once the change is
 * made. Signed with its own key (email-change-token.ts), single use, valid an hour; a newer request
 * or any change of the address ends it (`usedAt`).
 */
@Entity({ tableName: 'email_changes' })
@Index({ properties: ['userId', 'createdAt'] })
export class EmailChange extends EmailedLink {
  @Property({ type: 'string', columnType: 'citext' })
  previousEmail!: string;

  /** When the address changed with this link (the notice to `previousEmail` says so); null until then. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  confirmedAt: Date | null = null;
}
