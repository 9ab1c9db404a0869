import { type Opt, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { AuditAction, AuditActor, AuditDetailValue } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

/**
 * How many events an account keeps: the newest, older ones deleted as new ones are written (a trigger
 * of the table, so every writer is bound alike: the API, the worker, a script). Enough for years of
 * an account's own doings; a script that changes a key in a loop cannot make the table grow without end.
 */
export const AUDIT_EVENTS_KEPT_PER_ACCOUNT = 10_000;

/** The longest User-Agent kept: enough for the browser and system it names, whatever else a client sends. */
export const AUDIT_USER_AGENT_MAX = 512;

/** The longest client address kept: an IPv6 address with a zone fits; a forged header longer is cut. */
export const AUDIT_IP_MAX = 64;

/**
 * One entry of an account's audit log: what was done, by whom (the account's user, named by the
 * address they had then, or the system acting on PayPal's word), to which key, from where. The key
 * is named by what it was called and showed then and its id as a plain value, not a foreign key:
 * disabled keys are purged, and their history must outlive them.
 */
@Entity({ tableName: 'audit_events' })
@Index({
  name: 'audit_events_user_id_created_at_id_index',
  columns: [{ name: 'user_id' }, { name: 'created_at', sort: 'desc' }, { name: 'id', sort: 'desc' }],
})
export class AuditEvent {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'string', length: 32 })
  action!: AuditAction;

  @Property({ type: 'string', length: 10 })
  actorType!: AuditActor['type'];

  /** The user's email address at the time, or the system's name ("PayPal"). */
  @Property({ type: 'text' })
  actorName!: string;

  @Property({ type: 'uuid', nullable: true })
  targetKeyId: string | null = null;

  @Property({ type: 'text', nullable: true })
  targetName: string | null = null;

  @Property({ type: 'text', nullable: true })
  targetMaskedKey: string | null = null;

  @Property({ type: 'json' })
  detail: Opt<Record<string, AuditDetailValue>> = {};

  /** The client address (TRUST_PROXY decides which); null for what the system did. */
  @Property({ type: 'string', length: AUDIT_IP_MAX, nullable: true })
  ip: string | null = null;

  @Property({ type: 'string', length: AUDIT_USER_AGENT_MAX, nullable: true })
  userAgent: string | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
