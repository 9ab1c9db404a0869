import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditAction, AuditActor, AuditDetailValue } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import { AUDIT_IP_MAX, AUDIT_USER_AGENT_MAX, AuditEvent } from '../entities/audit-event.entity';
import { forWrites } from './entity-manager-for-writes';

/** An event to record; the client's address and User-Agent are cut to what the table keeps. */
export interface NewAuditEvent {
  userId: string;
  action: AuditAction;
  actor: AuditActor;
  /** The key concerned, named as it is now (its name and masked key stay as they were). */
  target?: { type: 'api-key'; id: string; name: string; maskedKey: string } | null;
  detail?: Record<string, AuditDetailValue>;
  ip?: string | null;
  userAgent?: string | null;
  /** Now unless given. */
  createdAt?: Date;
}

/** Where a page listed newest first ended: the next one starts after it. */
export interface AuditEventPosition {
  createdAt: Date;
  id: string;
}

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters, twelve columns each. */
const INSERT_BATCH = 1_000;

const rowOf = (event: NewAuditEvent) => ({
  id: randomUUID(),
  user: event.userId,
  action: event.action,
  actorType: event.actor.type,
  actorName: event.actor.type === 'user' ? event.actor.email : event.actor.name,
  targetKeyId: event.target?.id ?? null,
  targetName: event.target?.name ?? null,
  targetMaskedKey: event.target?.maskedKey ?? null,
  detail: event.detail ?? {},
  ip: event.ip ? event.ip.slice(0, AUDIT_IP_MAX) : null,
  userAgent: event.userAgent ? event.userAgent.slice(0, AUDIT_USER_AGENT_MAX) : null,
  createdAt: event.createdAt ?? new Date(),
});

/**
 * The audit log (audit_events). An event is written in the transaction of what it records, or on its
 * own; the table keeps each account's newest AUDIT_EVENTS_KEPT_PER_ACCOUNT by itself (its trigger).
 */
export class AuditEventsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Adds the event to `em`'s unit of work: written by its next flush, in its transaction. */
  stage(event: NewAuditEvent): AuditEvent {
    const entity = this.em.create(AuditEvent, rowOf(event));
    this.em.persist(entity);
    return entity;
  }

  /** Writes the events now: in `em`'s transaction when it is in one, else each statement on its own. */
  async add(events: readonly NewAuditEvent[]): Promise<void> {
    const em = forWrites(this.em);
    for (let start = 0; start < events.length; start += INSERT_BATCH) {
      await em.insertMany(AuditEvent, events.slice(start, start + INSERT_BATCH).map(rowOf));
    }
  }

  /** The user's events, newest first, from just after `after` (the last of the page before) when given. */
  newestFirst(userId: string, limit: number, after?: AuditEventPosition): Promise<AuditEvent[]> {
    // The caller's transaction (the account export's snapshot), or a fork of its own.
    const em = forWrites(this.em);
    return em.find(
      AuditEvent,
      {
        user: userId,
        ...(after && {
          $or: [
            { createdAt: { $lt: after.createdAt } },
            { createdAt: after.createdAt, id: { $lt: after.id } },
          ],
        }),
      },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit },
    );
  }
}
