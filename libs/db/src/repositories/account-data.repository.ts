import { IsolationLevel } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AUDIT_EVENTS_KEPT_PER_ACCOUNT, type AuditEvent } from '../entities';
import { AuditEventsRepository } from './audit-events.repository';

type Row = Record<string, unknown>;

/** Every row of an account, table by table, as PostgreSQL gives them (`select *`). */
export interface AccountRows {
  profile: Row;
  subscriptions: Row[];
  apiKeys: Row[];
  usage: Row[];
  payments: Row[];
  contactMessages: Row[];
  quotaAlerts: Row[];
  emailChanges: Row[];
  emailVerifications: Row[];
  passwordResets: Row[];
  sessions: Row[];
  /** The audit log, newest first: entities, read with the rest in the same snapshot. */
  auditEvents: AuditEvent[];
}

/** What erasing an account writes in place of its personal data. */
export interface Erasure {
  /** Its PayPal subscriptions, each cancelled at PayPal just before. */
  cancelledSubscriptions: readonly string[];
  /** The address it is left with (unique, reaching nobody). */
  deletedAddress: string;
  /** A hash no password matches. */
  unusablePasswordHash: string;
  deletedAt: Date;
}

/** The tables holding an account's personal rows by user id, deleted whole with it. */
const PERSONAL_TABLES = [
  'email_changes',
  'password_resets',
  'email_verifications',
  'quota_alerts',
  'usage_daily',
  'usage_breakdown_daily',
  'user_two_factor',
  'two_factor_recovery_codes',
  'audit_events',
  // Its webhook endpoints (their sealed secrets) and, with them, their delivery logs.
  'webhook_endpoints',
];

/**
 * An account's data across every table, as "export my data" reads it and deleting the account
 * erases it. Contact messages carry only an address: an account's are those sent from an address it
 * proved it owns (its verified address and the ones it changed from).
 */
export class AccountDataRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Every row of the account (undefined when there is none, or it was deleted), in one read-only
   * snapshot: a key disabled or a payment recorded meanwhile is in every part or none. `select *`, so
   * a column added later is read too (the caller keeps secrets out).
   */
  exportRows(userId: string): Promise<AccountRows | undefined> {
    return this.em.fork().transactional(
      async (tx) => {
        const rows = (sql: string, params: unknown[] = [userId]) => tx.execute<Row[]>(sql, params);
        const [profile] = await rows('select * from users where id = ? and deleted_at is null');
        if (!profile) return undefined;
        return {
          profile,
          subscriptions: await rows('select * from subscriptions where user_id = ? order by created_at'),
          apiKeys: await rows('select * from api_keys where user_id = ? order by created_at'),
          usage: await rows('select * from usage_daily where user_id = ? order by day, key_id'),
          payments: await rows(
            'select * from payments where user_id = ? order by coalesce(captured_at, created_at), id',
          ),
          contactMessages: await rows(
            `select * from contact_messages
              where lower(email) in (
                select lower(email::text) from users where id = ? and email_verified_at is not null
                union
                select lower(previous_email::text) from email_changes where user_id = ? and confirmed_at is not null)
              order by created_at`,
            [userId, userId],
          ),
          quotaAlerts: await rows('select * from quota_alerts where user_id = ? order by created_at'),
          emailChanges: await rows('select * from email_changes where user_id = ? order by created_at'),
          emailVerifications: await rows(
            'select * from email_verifications where user_id = ? order by created_at',
          ),
          passwordResets: await rows('select * from password_resets where user_id = ? order by created_at'),
          sessions: await rows('select * from account_sessions where user_id = ? order by created_at'),
          auditEvents: await new AuditEventsRepository(tx).newestFirst(userId, AUDIT_EVENTS_KEPT_PER_ACCOUNT),
        };
      },
      { readOnly: true, isolationLevel: IsolationLevel.REPEATABLE_READ },
    );
  }

  /**
   * Locks the account for its erasure (in the caller's transaction): its address and whether it was
   * verified, or undefined when it is gone or another deletion got there first.
   */
  async lockForErasure(userId: string): Promise<{ email: string; verified: boolean } | undefined> {
    const [user] = await this.em.execute<{ email: string; verified: boolean }[]>(
      `select email::text as email, email_verified_at is not null as verified
         from users where id = ? and deleted_at is null for update`,
      [userId],
    );
    return user && { email: String(user.email), verified: Boolean(user.verified) };
  }

  /**
   * Erases everything personal of the account (its keys disabled first by the caller): key names,
   * sign-ins, contact messages, links, alerts, usage, two-factor, the audit log; payments are kept for accounting
   * without PayPal's payer id; the subscriptions cancelled at PayPal are marked so; the user row is
   * left without a name, address or password.
   */
  async erase(userId: string, erasure: Erasure): Promise<void> {
    const run = (sql: string, params: unknown[] = [userId]) => this.em.execute(sql, params);
    // Key names are the customer's words; the disabled keys stay (their usage ids point at them).
    await run(`update api_keys set name = 'Deleted account' where user_id = ?`);
    await run('delete from refresh_tokens where user_id = ?');
    // Browsers, networks and places of its sign-ins: personal, and ended with the account.
    await run('delete from account_sessions where user_id = ?');
    // Contact messages name no account: those sent from an address it proved, now or before a change.
    await run(
      `delete from contact_messages where lower(email) in (
         select lower(email::text) from users where id = ? and email_verified_at is not null
         union
         select lower(previous_email::text) from email_changes where user_id = ? and confirmed_at is not null)`,
      [userId, userId],
    );
    for (const table of PERSONAL_TABLES) await run(`delete from ${table} where user_id = ?`);
    // Kept for accounting (what was paid, for what, when, PayPal's ids); PayPal's id of the payer goes.
    await run('update payments set payer_id = null where user_id = ?');
    // The worker re-reads them when PayPal's events come.
    for (const paypalId of erasure.cancelledSubscriptions) {
      await run(
        `update subscriptions set status = 'cancelled', pending_plan = null, pending_billing_cycle = null,
                pending_change_at = null
          where user_id = ? and paypal_subscription_id = ?`,
        [userId, paypalId],
      );
    }
    await run(
      `update users set email = ?, first_name = '', last_name = '', company = null, display_name = '',
              password_hash = ?, email_verified_at = null, last_sign_in_at = null, chosen_plan = null,
              plan = 'free', deleted_at = ?
        where id = ?`,
      [erasure.deletedAddress, erasure.unusablePasswordHash, erasure.deletedAt, userId],
    );
  }
}
