import type { EntityManager } from '@mikro-orm/postgresql';
import type { RateAlertChannel, RateAlertCondition } from '@fxrates/domain';
import { RateAlert } from '../entities/rate-alert.entity';
import { RateAlertFiring } from '../entities/rate-alert-firing.entity';
import { User } from '../entities/user.entity';
import { WebhookEndpoint } from '../entities/webhook-endpoint.entity';

/** An alert as the worker evaluates it (numerics as text). */
export interface WatchedAlertRow {
  id: string;
  user_id: string;
  base: string;
  quote: string;
  condition: RateAlertCondition;
  level: string | null;
  change_percent: string | null;
  window_minutes: number | null;
  hysteresis_percent: string;
  cooldown_minutes: number;
  channel: RateAlertChannel;
  state: 'armed' | 'triggered';
  last_triggered_at: Date | null;
  /** The owner's plan now: an alert on a currency it no longer allows (a downgrade) is not evaluated. */
  plan: User['plan'];
}

/** What the worker decided fires an alert: the definition it judged, and the rates. */
export interface AlertFiringCandidate {
  alert: WatchedAlertRow;
  firingId: string;
  rate: string;
  /** `change`: the rate `window_minutes` before. */
  previousRate: string | null;
  at: Date;
}

/** The account an alert belongs to, as the API checks it. */
export interface AlertOwner {
  plan: User['plan'];
  emailVerified: boolean;
}

/** A definition of an alert's condition, as created or changed. */
export type RateAlertFields = Pick<
  RateAlert,
  | 'base'
  | 'quote'
  | 'condition'
  | 'level'
  | 'changePercent'
  | 'windowMinutes'
  | 'hysteresisPercent'
  | 'cooldownMinutes'
  | 'channel'
>;

const WATCHED_COLUMNS = `a.id, a.user_id, a.base, a.quote, a.condition, a.level::text, a.change_percent::text,
       a.window_minutes, a.hysteresis_percent::text, a.cooldown_minutes, a.channel, a.state, a.last_triggered_at, u.plan`;

/**
 * rate_alerts and rate_alert_firings: the API's management of a user's alerts, and the worker's
 * evaluation on each publish. The move from armed to triggered is one conditional UPDATE that also
 * writes the firing: of two workers deciding on the same publish, only one finds the row armed.
 */
export class RateAlertsRepository {
  constructor(private readonly em: EntityManager) {}

  // ---- the API -------------------------------------------------------------------------------

  /**
   * Locks the owner's row until the transaction ends, so two creations of one user are counted one
   * after the other (the plan's limit holds); answers the owner, or null for no (or a deleted) account.
   */
  async lockOwner(userId: string): Promise<AlertOwner | null> {
    const rows = await this.em.execute<Array<{ plan: User['plan']; verified: boolean }>>(
      `select u.plan, u.email_verified_at is not null as verified
         from users u where u.id = ? and u.deleted_at is null for no key update`,
      [userId],
    );
    return rows[0] ? { plan: rows[0].plan, emailVerified: rows[0].verified } : null;
  }

  /** The account an alert's channel is checked against, or null for no (or a deleted) account. */
  async ownerOf(userId: string): Promise<AlertOwner | null> {
    const user = await this.em.findOne(
      User,
      { id: userId, deletedAt: null },
      { fields: ['plan', 'emailVerifiedAt'] },
    );
    return user ? { plan: user.plan, emailVerified: user.emailVerifiedAt !== null } : null;
  }

  /** Whether an active webhook endpoint of the user receives `alert.triggered`. */
  async hasAlertWebhook(userId: string): Promise<boolean> {
    const endpoints = await this.em.count(WebhookEndpoint, {
      userId,
      status: 'active',
      events: { $contains: ['alert.triggered'] },
    });
    return endpoints > 0;
  }

  countOf(userId: string): Promise<number> {
    return this.em.count(RateAlert, { userId });
  }

  /** The user's alerts, newest first. */
  listOf(userId: string): Promise<RateAlert[]> {
    return this.em.find(RateAlert, { userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  /** One of the user's alerts; null for none (another user's included). */
  findOf(userId: string, id: string): Promise<RateAlert | null> {
    return this.em.findOne(RateAlert, { id, userId });
  }

  async create(userId: string, fields: RateAlertFields): Promise<RateAlert> {
    const alert = this.em.create(RateAlert, {
      userId,
      ...fields,
      state: 'armed',
      paused: false,
      createdAt: new Date(),
    });
    await this.em.flush();
    return alert;
  }

  /** Saves the changes made to an alert found with findOf. */
  async save(): Promise<void> {
    await this.em.flush();
  }

  /** Deletes one of the user's alerts; false when it has none with that id. */
  async delete(userId: string, id: string): Promise<boolean> {
    return (await this.em.nativeDelete(RateAlert, { id, userId })) > 0;
  }

  // ---- the worker ----------------------------------------------------------------------------

  /**
   * The alerts to evaluate when the rates of `currencies` changed: those not paused, of live
   * accounts, with either side among them (the partial indexes on base and on quote).
   */
  watching(currencies: readonly string[]): Promise<WatchedAlertRow[]> {
    if (currencies.length === 0) return Promise.resolve([]);
    return this.em.execute<WatchedAlertRow[]>(
      `select ${WATCHED_COLUMNS}
         from rate_alerts a join users u on u.id = a.user_id
        where not a.paused and u.deleted_at is null
          and (a.base = any(array(select jsonb_array_elements_text(?::jsonb)))
               or a.quote = any(array(select jsonb_array_elements_text(?::jsonb))))`,
      [JSON.stringify(currencies), JSON.stringify(currencies)],
    );
  }

  /**
   * Fires an alert if it is still armed, unchanged since it was judged and out of its cooldown at
   * `at`: moves it to triggered and writes its firing, in one statement. Answers the firing, or null
   * when another worker fired it first (or the user changed or paused it meanwhile).
   */
  async fire(candidate: AlertFiringCandidate): Promise<RateAlertFiring | null> {
    const { alert, at } = candidate;
    const rows = await this.em.execute<Array<{ id: string }>>(
      `with fired as (
         update rate_alerts a
            set state = 'triggered', last_triggered_at = ?::timestamptz, last_triggered_rate = ?::numeric
          where a.id = ? and a.state = 'armed' and not a.paused
            and a.condition = ?
            and a.level is not distinct from ?::numeric
            and a.change_percent is not distinct from ?::numeric
            and a.window_minutes is not distinct from ?::integer
            and (a.last_triggered_at is null
                 or a.last_triggered_at + a.cooldown_minutes * interval '1 minute' <= ?::timestamptz)
          returning a.*
       )
       insert into rate_alert_firings (id, alert_id, user_id, base, quote, condition, level, change_percent,
                                       window_minutes, previous_rate, rate, channel, fired_at)
       select ?::uuid, f.id, f.user_id, f.base, f.quote, f.condition, f.level, f.change_percent,
              f.window_minutes, ?::numeric, ?::numeric, f.channel, ?::timestamptz
         from fired f
       returning id`,
      [
        at.toISOString(),
        candidate.rate,
        alert.id,
        alert.condition,
        alert.level,
        alert.change_percent,
        alert.window_minutes,
        at.toISOString(),
        candidate.firingId,
        candidate.previousRate,
        candidate.rate,
        at.toISOString(),
      ],
    );
    if (rows.length === 0) return null;
    return this.em.findOneOrFail(RateAlertFiring, { id: rows[0].id }, { refresh: true });
  }

  /** Re-arms triggered alerts the rate has gone back past the hysteresis of; answers how many. */
  async rearm(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return this.em.nativeUpdate(RateAlert, { id: { $in: [...ids] }, state: 'triggered' }, { state: 'armed' });
  }

  /** The user's firings, oldest first (tests and support). */
  firingsOf(userId: string): Promise<RateAlertFiring[]> {
    return this.em.find(RateAlertFiring, { userId }, { orderBy: { firedAt: 'asc', createdAt: 'asc' } });
  }

  findFiring(id: string): Promise<RateAlertFiring | null> {
    return this.em.findOne(RateAlertFiring, { id }, { refresh: true });
  }

  /** The address and name a firing's email goes to, and whether it may (verified, not deleted). */
  async recipientOf(userId: string): Promise<{ email: string; firstName: string; mayEmail: boolean } | null> {
    const user = await this.em.findOne(
      User,
      { id: userId },
      { fields: ['email', 'firstName', 'emailVerifiedAt', 'deletedAt'] },
    );
    if (!user) return null;
    return {
      email: user.email,
      firstName: user.firstName,
      mayEmail: user.emailVerifiedAt !== null && user.deletedAt === null,
    };
  }

  /**
   * Firings not delivered (nor skipped) that are no longer on their way: older than `before`, or whose
   * email's last attempt failed. The sweep hands them to delivery again.
   */
  undelivered(before: Date, limit = 1000): Promise<RateAlertFiring[]> {
    return this.em.find(
      RateAlertFiring,
      {
        emailedAt: null,
        emittedAt: null,
        skippedAt: null,
        $or: [{ emailFailedAt: { $ne: null } }, { createdAt: { $lt: before } }],
      },
      { orderBy: { createdAt: 'asc' }, limit },
    );
  }

  async markEmailed(id: string): Promise<void> {
    await this.em.nativeUpdate(
      RateAlertFiring,
      { id },
      { emailedAt: new Date(), emailFailedAt: null, emailError: null },
    );
  }

  async markEmailFailed(id: string, error: string): Promise<void> {
    await this.em.nativeUpdate(
      RateAlertFiring,
      { id },
      { emailFailedAt: new Date(), emailError: error.slice(0, 1000) },
    );
  }

  async markEmitted(id: string): Promise<void> {
    await this.em.nativeUpdate(RateAlertFiring, { id, emittedAt: null }, { emittedAt: new Date() });
  }

  async markSkipped(id: string): Promise<void> {
    await this.em.nativeUpdate(RateAlertFiring, { id }, { skippedAt: new Date() });
  }
}
