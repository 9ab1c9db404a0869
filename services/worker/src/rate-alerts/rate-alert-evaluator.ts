import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { RateAlertsRepository, type WatchedAlertRow } from '@fxrates/db';
import { planAllowsCurrency, resultDecimals } from '@fxrates/domain';
import { crossRate, RateDecimal, type RatesTable } from '@fxrates/rates';
import { randomUUID } from 'node:crypto';
import { RateAlertDelivery } from './rate-alert-delivery';
import { RateAlertHistory } from './rate-alert-history';
import { decide } from './rate-alert-rules';

export interface AlertEvaluationReport {
  evaluated: number;
  fired: number;
  rearmed: number;
}

type PerUsd = Pick<RatesTable, 'perUsd'>;

/** The currencies whose value per USD differs between two tables (or is in one only). */
export function changedCurrencies(previous: PerUsd | null, next: PerUsd): string[] {
  const changed = new Set<string>();
  for (const [code, value] of next.perUsd) {
    const before = previous?.perUsd.get(code);
    if (!before || !before.eq(value)) changed.add(code);
  }
  for (const code of previous?.perUsd.keys() ?? []) if (!next.perUsd.has(code)) changed.add(code);
  return [...changed];
}

/** A pair's rate as the API shows it: the cross rate rounded half-even to the pair's decimals. */
function pairRate(table: PerUsd, base: string, quote: string): RateDecimal | null {
  try {
    return crossRate(table, base, quote).toDecimalPlaces(
      resultDecimals(base, quote),
      RateDecimal.ROUND_HALF_EVEN,
    );
  } catch {
    return null; // a side missing from the table: nothing to judge (never a rate of 1)
  }
}

/**
 * Evaluates the rate alerts on each publish of a rates table: loads only the alerts on pairs whose
 * rate changed (indexed by base and by quote), decides each in exact decimals at the pair's
 * precision, re-arms in one statement, and fires each alert with a conditional UPDATE, so that with
 * several workers (or one evaluating the same publish twice after a restart) an alert fires once;
 * the worker whose UPDATE took it delivers the firing. A publish missed (a crash before this ran) is
 * made up by the next one: alerts fire on the state of the rate, not on one table's difference.
 */
@Injectable()
export class RateAlertEvaluator {
  private readonly logger = new Logger(RateAlertEvaluator.name);

  constructor(
    private readonly em: EntityManager,
    private readonly history: RateAlertHistory,
    private readonly delivery: RateAlertDelivery,
  ) {}

  async evaluate(previous: PerUsd | null, table: PerUsd, at = new Date()): Promise<AlertEvaluationReport> {
    const report: AlertEvaluationReport = { evaluated: 0, fired: 0, rearmed: 0 };
    const changed = changedCurrencies(previous, table);
    if (changed.length === 0) return report;
    const repository = new RateAlertsRepository(this.em.fork());
    const alerts = await repository.watching(changed);
    if (alerts.length === 0) return report;

    await this.recordWatched(alerts, table, at);
    const rearm: string[] = [];
    const fire: Array<{ alert: WatchedAlertRow; rate: RateDecimal; previous: RateDecimal | null }> = [];
    const previousRates = new Map<string, Promise<RateDecimal | null>>();
    for (const alert of alerts) {
      // Made on a plan that allowed the pair, kept after a downgrade: it waits for the plan to allow it again.
      if (!planAllowsCurrency(alert.plan, alert.base) || !planAllowsCurrency(alert.plan, alert.quote))
        continue;
      const rate = pairRate(table, alert.base, alert.quote);
      if (!rate) continue;
      report.evaluated++;
      let before: RateDecimal | null = null;
      if (alert.condition === 'change' && alert.window_minutes) {
        const key = `${alert.base}/${alert.quote}/${alert.window_minutes}`;
        if (!previousRates.has(key)) previousRates.set(key, this.rateBefore(alert, at));
        before = await previousRates.get(key)!;
      }
      const decision = decide(
        {
          condition: alert.condition,
          level: alert.level,
          changePercent: alert.change_percent,
          hysteresisPercent: alert.hysteresis_percent,
          cooldownMinutes: alert.cooldown_minutes,
          state: alert.state,
          lastTriggeredAt: alert.last_triggered_at ? new Date(alert.last_triggered_at) : null,
        },
        rate,
        before,
        at,
      );
      if (decision === 'rearm') rearm.push(alert.id);
      if (decision === 'fire') fire.push({ alert, rate, previous: before });
    }
    report.rearmed = await repository.rearm(rearm);
    for (const { alert, rate, previous: before } of fire) {
      const decimals = resultDecimals(alert.base, alert.quote);
      const firing = await repository.fire({
        alert,
        firingId: randomUUID(),
        rate: rate.toFixed(decimals),
        previousRate: before ? before.toFixed(decimals) : null,
        at,
      });
      if (!firing) continue; // another worker fired it, or it changed meanwhile
      report.fired++;
      this.logger.log(
        `Rate alert ${alert.id} (${alert.base}/${alert.quote} ${alert.condition}) fired at ${firing.rate}`,
      );
      try {
        await this.delivery.deliver(firing);
      } catch (error) {
        // Stored: the email sweep hands it over again.
        this.logger.error(`Rate alert firing ${firing.id} not handed over yet: ${(error as Error).message}`);
      }
    }
    return report;
  }

  /** Records the values of the currencies the touched `change` alerts watch (for later windows). */
  private async recordWatched(alerts: readonly WatchedAlertRow[], table: PerUsd, at: Date): Promise<void> {
    const values = new Map<string, RateDecimal>();
    for (const alert of alerts) {
      if (alert.condition !== 'change') continue;
      for (const code of [alert.base, alert.quote]) {
        const value = table.perUsd.get(code);
        if (value) values.set(code, value);
      }
    }
    if (values.size > 0) await this.history.record(values, at);
  }

  /** The pair's rate `window_minutes` before `at`, from the recorded values; null when unknown. */
  private async rateBefore(alert: WatchedAlertRow, at: Date): Promise<RateDecimal | null> {
    const minutes = alert.window_minutes ?? 0;
    const [base, quote] = await Promise.all([
      this.history.perUsdBefore(alert.base, at, minutes),
      this.history.perUsdBefore(alert.quote, at, minutes),
    ]);
    if (!base || !quote) return null;
    return pairRate(
      {
        perUsd: new Map([
          [alert.base, base],
          [alert.quote, quote],
        ]),
      },
      alert.base,
      alert.quote,
    );
  }
}
