import type { RatesProviderConfig } from '@fxrates/config';
import {
  PLAN_IDS,
  PLANS,
  RATE_PROVIDER_IDS,
  RATE_PROVIDER_KINDS,
  RATE_PROVIDER_NAMES,
  SOURCE_CADENCES,
  type SourceStatus,
  type StatusHistoryResponse,
  type StatusResponse,
} from '@fxrates/domain';
import {
  AGE_HISTORY_MS,
  assessFreshness,
  missedPublishes,
  type AgeSample,
  type ProviderId,
  type SourceHealth,
} from '@fxrates/rates';

/** The sparkline's step: 288 points a day, a sample per minute summarised by the oldest age in each. */
export const HISTORY_STEP_MS = 5 * 60_000;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Every known source, enabled ones first in preference order: its poll outcomes, its publish cadence
 * and, for an enabled one, its data age against each plan's freshness promise as the rates answers
 * judge it (a value from the last ECB publication before a weekend is not stale) and the publications
 * it missed lately.
 */
export function sourcesAnswer(
  providers: readonly RatesProviderConfig[],
  health: ReadonlyMap<ProviderId, SourceHealth>,
  now: number,
): Pick<StatusResponse, 'generatedAt' | 'sources'> {
  const enabled = new Map(providers.map((p) => [p.id, p]));
  const ordered = [
    ...RATE_PROVIDER_IDS.filter((id) => enabled.has(id)),
    ...RATE_PROVIDER_IDS.filter((id) => !enabled.has(id)),
  ];
  const sources = ordered.map((source): SourceStatus => {
    const settings = enabled.get(source);
    const known = settings ? health.get(source) : undefined;
    const data = known?.dataTimestamp ?? null;
    const origin =
      data !== null && known?.dataDate
        ? [{ source, timestamp: new Date(data).toISOString(), date: known.dataDate }]
        : null;
    const judged = PLAN_IDS.map((plan) => ({
      plan,
      targetSeconds: PLANS[plan].freshnessMs / 1000,
      assessed: origin ? assessFreshness(origin, PLANS[plan].freshnessMs, now) : null,
    }));
    const cadence = SOURCE_CADENCES[source];
    return {
      source,
      name: RATE_PROVIDER_NAMES[source],
      kind: RATE_PROVIDER_KINDS[source],
      enabled: settings !== undefined,
      pollIntervalSeconds: settings ? settings.intervalMs / 1000 : null,
      lastSuccessAt: iso(known?.lastSuccessAt ?? null),
      lastFailureAt: iso(known?.lastFailureAt ?? null),
      consecutiveFailures: known?.consecutiveFailures ?? 0,
      dataTimestamp: iso(data),
      ageSeconds: data === null ? null : Math.max(0, Math.floor((now - data) / 1000)),
      marketClosed: judged.some((j) => j.assessed?.marketClosed === true),
      freshness: settings
        ? judged.map(({ plan, targetSeconds, assessed }) => ({
            plan,
            targetSeconds,
            met: assessed !== null && !assessed.stale,
          }))
        : [],
      cadence: { pattern: cadence.pattern, everySeconds: cadence.everySeconds, summary: cadence.summary },
      missedPublishes: settings ? missedPublishes(cadence, known, settings.intervalMs, now) : null,
    };
  });
  return { generatedAt: new Date(now).toISOString(), sources };
}

/**
 * The enabled sources' ages over the 24 hours before `now` on a grid of HISTORY_STEP_MS steps, each
 * step the oldest age sampled in it (a chart of the worst, so a brief staleness is not averaged
 * away), null where no sample was recorded (no worker ran, or the source had no data).
 */
export function historyAnswer(
  sources: readonly ProviderId[],
  samples: ReadonlyMap<ProviderId, readonly AgeSample[]>,
  now: number,
): StatusHistoryResponse {
  const end = Math.floor(now / HISTORY_STEP_MS) * HISTORY_STEP_MS;
  const steps = AGE_HISTORY_MS / HISTORY_STEP_MS;
  const from = end - (steps - 1) * HISTORY_STEP_MS;
  return {
    generatedAt: new Date(now).toISOString(),
    from: new Date(from).toISOString(),
    stepSeconds: HISTORY_STEP_MS / 1000,
    sources: sources.map((source) => {
      const ages: (number | null)[] = new Array<number | null>(steps).fill(null);
      for (const { at, ageSeconds } of samples.get(source) ?? []) {
        const step = Math.floor((at - from) / HISTORY_STEP_MS);
        if (step < 0 || step >= steps || ageSeconds === null) continue;
        ages[step] = Math.max(ages[step] ?? 0, ageSeconds);
      }
      return { source, ages };
    }),
  };
}
