import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AuditEventsRepository } from '@fxrates/db';
import type { AuditPage } from '@fxrates/domain';
import { decodeNewestFirstCursor, encodeNewestFirstCursor } from '../../common/input';
import { toAuditEventView } from './audit-event-view';

/** The account's audit log, read a page at a time, newest first. */
@Injectable()
export class AuditService {
  constructor(private readonly em: EntityManager) {}

  /** A page of `limit` events after `cursor` (the `next` of the page before); 400 `invalid-cursor` for a made-up one. */
  async page(userId: string, limit: number, cursor?: string): Promise<AuditPage> {
    const after = cursor === undefined ? undefined : decodeNewestFirstCursor(cursor);
    const events = await new AuditEventsRepository(this.em.fork()).newestFirst(userId, limit + 1, after);
    const page = events.slice(0, limit);
    const last = page.at(-1);
    return {
      data: page.map(toAuditEventView),
      next: events.length > limit && last ? encodeNewestFirstCursor(last) : null,
    };
  }
}
