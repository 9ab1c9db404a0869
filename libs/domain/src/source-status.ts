import type { PlanId } from './api-types';
import type { RateProviderId, RateProviderKind } from './rate-sources';

/** Whether a source's newest data meets one plan's freshness promise (GET /api/v1/status). */
export interface PlanFreshness {
  plan: PlanId;
  /** The plan's promise: data older than this is answered `stale: true`. */
  targetSeconds: number;
  met: boolean;
}

/** One rates source in GET /api/v1/status. Times are ISO 8601, null when never. */
export interface SourceStatus {
  source: RateProviderId;
  name: string;
  kind: RateProviderKind;
  enabled: boolean;
  /** How often the worker polls it; null when disabled. */
  pollIntervalSeconds: number | null;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  consecutiveFailures: number;
  /** The newest observation time of its data in service. */
  dataTimestamp: string | null;
  /** Seconds since `dataTimestamp` when the answer was made. */
  ageSeconds: number | null;
  /** Its market is closed (a weekend or holiday of the ECB) and the data is the last before it: not stale. */
  marketClosed: boolean;
  /** Per plan, cheapest first; empty for a disabled source. */
  freshness: PlanFreshness[];
}

/** GET /api/v1/status. */
export interface StatusResponse {
  /** When the answer was made (it is made once per few seconds and shared by every caller). */
  generatedAt: string;
  sources: SourceStatus[];
}

/** One source's ages over the last 24 hours, oldest first, one per step; null where nothing was recorded. */
export interface SourceAgeHistory {
  source: RateProviderId;
  ages: (number | null)[];
}

/** GET /api/v1/status/history. */
export interface StatusHistoryResponse {
  generatedAt: string;
  /** Start of the first step. */
  from: string;
  stepSeconds: number;
  sources: SourceAgeHistory[];
}
