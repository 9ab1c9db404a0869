import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { RateAlertsRepository, type AlertOwner, type RateAlert } from '@fxrates/db';
import {
  ErrorCode,
  findCurrency,
  PLANS,
  type CreateRateAlert,
  type RateAlertChannel,
  type RateAlertList,
  type RateAlertView,
} from '@fxrates/domain';
import { AppException } from '../../common/errors';
import { unauthorized } from '../auth';
import { assertCurrenciesInPlan } from '../plans';
import type { UpdateAlertBody } from './dto/update-alert.body';

/** What an alert re-arms past when not told: half a percent of its level. */
export const DEFAULT_HYSTERESIS_PERCENT = '0.5';
/** The least time between two firings when not told: an hour. */
export const DEFAULT_COOLDOWN_MINUTES = 60;

export const alertNotFound = () =>
  new AppException(ErrorCode.RateAlertNotFound, 'No rate alert with this id belongs to your account.');

const invalid = (message: string) => new AppException(ErrorCode.ValidationFailed, message);

export function toRateAlertView(alert: RateAlert): RateAlertView {
  return {
    id: alert.id,
    base: alert.base,
    quote: alert.quote,
    condition: alert.condition,
    level: alert.level,
    changePercent: alert.changePercent,
    windowMinutes: alert.windowMinutes,
    hysteresisPercent: alert.hysteresisPercent,
    cooldownMinutes: alert.cooldownMinutes,
    channel: alert.channel,
    state: alert.state,
    paused: alert.paused,
    lastTriggeredAt: alert.lastTriggeredAt?.toISOString() ?? null,
    lastTriggeredRate: alert.lastTriggeredRate,
    createdAt: alert.createdAt.toISOString(),
  };
}

function knownCurrency(code: string, name: string): void {
  if (!findCurrency(code)) {
    throw new AppException(
      ErrorCode.UnknownCurrency,
      `"${code}" in "${name}" is not a supported currency code.`,
    );
  }
}

/** The fields each condition needs and the ones it cannot have. */
function assertConditionFields(
  condition: RateAlert['condition'],
  fields: Pick<CreateRateAlert, 'level' | 'changePercent' | 'windowMinutes'>,
): void {
  if (condition === 'change') {
    if (fields.level != null)
      throw invalid('A change alert has no level: give changePercent and windowMinutes.');
    return;
  }
  if (fields.changePercent != null || fields.windowMinutes != null) {
    throw invalid(
      `An ${condition} alert has a level only: changePercent and windowMinutes are for change alerts.`,
    );
  }
}

/**
 * The dashboard's rate alerts: create within the plan's limit, list, change, delete. An email alert
 * needs a verified address (the mail goes nowhere else); a webhook alert needs an endpoint that
 * receives `alert.triggered`. The worker evaluates them (services/worker/src/rate-alerts).
 */
@Injectable()
export class AlertsService {
  constructor(private readonly em: EntityManager) {}

  private repository(em: EntityManager = this.em.fork()): RateAlertsRepository {
    return new RateAlertsRepository(em);
  }

  async list(userId: string): Promise<RateAlertList> {
    const repository = this.repository();
    const owner = await repository.ownerOf(userId);
    if (!owner) throw unauthorized();
    const alerts = await repository.listOf(userId);
    return { alerts: alerts.map(toRateAlertView), limit: PLANS[owner.plan].rateAlerts };
  }

  async create(userId: string, asked: CreateRateAlert): Promise<RateAlertView> {
    if (asked.condition === 'change') {
      if (asked.changePercent == null || asked.windowMinutes == null) {
        throw invalid('A change alert needs changePercent and windowMinutes.');
      }
    } else if (asked.level == null) {
      throw invalid(`An ${asked.condition} alert needs a level.`);
    }
    assertConditionFields(asked.condition, asked);
    knownCurrency(asked.base, 'base');
    knownCurrency(asked.quote, 'quote');
    if (asked.base === asked.quote) throw invalid('base and quote are two different currencies.');

    return this.em.fork().transactional(async (tx) => {
      const repository = this.repository(tx);
      // Serialises one user's creations: the plan's limit cannot be overrun by concurrent requests.
      const owner = await repository.lockOwner(userId);
      if (!owner) throw unauthorized();
      assertCurrenciesInPlan(owner.plan, [asked.base, asked.quote]);
      await this.assertChannel(repository, userId, owner, asked.channel);
      const limit = PLANS[owner.plan].rateAlerts;
      if ((await repository.countOf(userId)) >= limit) {
        throw new AppException(
          ErrorCode.RateAlertLimitReached,
          `Your ${PLANS[owner.plan].name} plan keeps at most ${limit} rate alerts. Delete one, or upgrade at /pricing for more.`,
        );
      }
      const alert = await repository.create(userId, {
        base: asked.base,
        quote: asked.quote,
        condition: asked.condition,
        level: asked.condition === 'change' ? null : (asked.level ?? null),
        changePercent: asked.condition === 'change' ? (asked.changePercent ?? null) : null,
        windowMinutes: asked.condition === 'change' ? (asked.windowMinutes ?? null) : null,
        hysteresisPercent: asked.hysteresisPercent ?? DEFAULT_HYSTERESIS_PERCENT,
        cooldownMinutes: asked.cooldownMinutes ?? DEFAULT_COOLDOWN_MINUTES,
        channel: asked.channel,
      });
      return toRateAlertView(alert);
    });
  }

  async update(userId: string, id: string, asked: UpdateAlertBody): Promise<RateAlertView> {
    const repository = this.repository();
    const alert = await repository.findOf(userId, id);
    if (!alert) throw alertNotFound();
    assertConditionFields(alert.condition, asked);
    if (asked.channel != null && asked.channel !== alert.channel) {
      const owner = await repository.ownerOf(userId);
      if (!owner) throw unauthorized();
      await this.assertChannel(repository, userId, owner, asked.channel);
      alert.channel = asked.channel;
    }
    // A new threshold is a new alert: it starts armed (its cooldown still counts from the last firing).
    let redefined = false;
    if (asked.level != null && asked.level !== alert.level) {
      alert.level = asked.level;
      redefined = true;
    }
    if (asked.changePercent != null && asked.changePercent !== alert.changePercent) {
      alert.changePercent = asked.changePercent;
      redefined = true;
    }
    if (asked.windowMinutes != null && asked.windowMinutes !== alert.windowMinutes) {
      alert.windowMinutes = asked.windowMinutes;
      redefined = true;
    }
    if (redefined) alert.state = 'armed';
    if (asked.hysteresisPercent != null) alert.hysteresisPercent = asked.hysteresisPercent;
    if (asked.cooldownMinutes != null) alert.cooldownMinutes = asked.cooldownMinutes;
    if (asked.paused != null) alert.paused = asked.paused;
    await repository.save();
    return toRateAlertView(alert);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.repository().delete(userId, id))) throw alertNotFound();
  }

  /** An email alert needs a verified address; a webhook alert an endpoint receiving `alert.triggered`. */
  private async assertChannel(
    repository: RateAlertsRepository,
    userId: string,
    owner: AlertOwner,
    channel: RateAlertChannel,
  ): Promise<void> {
    if (channel === 'webhook' && !(await repository.hasAlertWebhook(userId))) {
      throw new AppException(
        ErrorCode.AlertWebhookMissing,
        'Webhook alerts are sent to your webhook endpoints that receive alert.triggered events, and you have none active. Add one (or add alert.triggered to one) on the Webhooks page, then create the alert again, or choose the email channel.',
      );
    }
    if (channel === 'email' && !owner.emailVerified) {
      throw new AppException(
        ErrorCode.AlertEmailNotVerified,
        'Email alerts go to a verified address only. Verify your email address (use the link we sent you, or send a new one from your account page), then create the alert again, or choose the webhook channel.',
      );
    }
  }
}
