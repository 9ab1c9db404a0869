import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, redisRateLimiter, type AppConfig } from '@fxrates/config';
import { AccountDataRepository } from '@fxrates/db';
import type { AccountExport } from '@fxrates/domain';
import type { Redis } from 'ioredis';
import { RedisLimit } from '../../common/security';
import { toAuditEventView } from '../audit';
import { unauthorized } from '../auth';
import { REDIS } from '../redis';

/** Exports one user may take an hour: each reads every table that holds something of theirs. */
export const ACCOUNT_EXPORTS_PER_HOUR = 5;

/**
 * Columns never exported, whatever table and whoever adds them later: a password, key, token or
 * second-factor secret (or its hash) would hand the account to whoever holds the file.
 */
const SECRET_COLUMN = /(hash|secret|token|recovery|totp_key|otp)/i;

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, char: string) => char.toUpperCase());

/** PostgreSQL's text of a timestamptz, as the driver hands it over. */
const TIMESTAMPTZ = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}(:\d{2})?$/;

const instant = (value: unknown) =>
  value instanceof Date
    ? value.toISOString()
    : typeof value === 'string' && TIMESTAMPTZ.test(value)
      ? new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString()
      : value;

/** A row as exported: its columns in camelCase, instants in ISO 8601, without any secret column. */
function exported(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([column]) => !SECRET_COLUMN.test(column))
      .map(([column, value]) => [camel(column), instant(value)]),
  );
}

/**
 * "Export my data": everything we hold about the signed-in account, read with
 * `select *` so a column added later is exported too (SECRET_COLUMN keeps secrets out). Every query
 * names the user; contact messages, which carry only an address, are the ones sent from an address
 * the account proved it owns (its verified address and the ones it changed from), so registering
 * someone else's address without proving it exports nothing they sent.
 */
@Injectable()
export class AccountExportService {
  private readonly exports: RedisLimit;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) redis: Redis,
  ) {
    this.exports = new RedisLimit(
      redisRateLimiter(redis, config.redis.keyPrefix, 'account-export-user', ACCOUNT_EXPORTS_PER_HOUR, 3600),
      (wait) => `You have exported your data several times in a short time. Wait ${wait}, then try again.`,
    );
  }

  async export(userId: string, now = new Date()): Promise<AccountExport> {
    await this.exports.admit(userId);
    // One snapshot: a key disabled or a payment recorded meanwhile is in every part of the file or none.
    const rows = await new AccountDataRepository(this.em).exportRows(userId);
    if (!rows) throw unauthorized();
    const all = (found: Record<string, unknown>[]) => found.map(exported);
    return {
      format: 'fxrates-account-export/1',
      exportedAt: now.toISOString(),
      profile: exported(rows.profile),
      subscriptions: all(rows.subscriptions),
      apiKeys: all(rows.apiKeys),
      usage: all(rows.usage),
      payments: all(rows.payments),
      contactMessages: all(rows.contactMessages),
      quotaAlerts: all(rows.quotaAlerts),
      emailChanges: all(rows.emailChanges),
      emailVerifications: all(rows.emailVerifications),
      passwordResets: all(rows.passwordResets),
      // One per sign-in: browser, network and place, as the Sessions list shows them.
      sessions: all(rows.sessions),
      // As GET /api/account/audit shows it (the browser, not the header), newest first.
      auditLog: rows.auditEvents.map(toAuditEventView),
    };
  }
}
