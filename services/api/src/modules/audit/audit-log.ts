import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { AuditEventsRepository, type NewAuditEvent } from '@fxrates/db';

/** An event of the account's audit log, as its writers tell it (the time is the write's). */
export type AuditRecord = Omit<NewAuditEvent, 'createdAt'>;

/**
 * Writes the account's audit log. What changes the account records its event in the same transaction
 * (recordIn): both are kept or neither. What only happens to it, a sign-in, records on its own
 * (record), and a failure to record is logged, never the caller's failure.
 */
@Injectable()
export class AuditLog {
  private readonly logger = new Logger(AuditLog.name);

  constructor(private readonly em: EntityManager) {}

  /** Adds the event to `tx`'s unit of work: written when the caller flushes, kept if it commits. */
  recordIn(tx: EntityManager, event: AuditRecord): void {
    new AuditEventsRepository(tx).stage(event);
  }

  /** Writes the event now; a failure is logged as a warning and not thrown. */
  async record(event: AuditRecord): Promise<void> {
    try {
      await new AuditEventsRepository(this.em).add([event]);
    } catch (error) {
      this.logger.warn(
        `Audit event ${event.action} of user ${event.userId} not recorded: ${(error as Error).message}`,
      );
    }
  }
}
