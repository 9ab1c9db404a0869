import type { PlanId } from './plans';
import type { CurrencyType } from './currency';
import type { RateProviderId, RateProviderKind } from './rate-sources';
import type { PublishPattern } from './source-cadence';

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
  /** How the source publishes (SOURCE_CADENCES). */
  cadence: { pattern: PublishPattern; everySeconds: number | null; summary: string };
  /**
   * Publications due in the last 7 days that we have not seen (the rule: libs/rates missedPublishes):
   * 0 for the bundled snapshot; null for a disabled source or one that never gave data.
   */
  missedPublishes: number | null;
}

/** One currency of the catalogue in GET /api/v1/status: where its rate in service comes from, and its age. */
export interface CurrencySource {
  code: string;
  name: string;
  type: CurrencyType;
  /** The source of its rate in service; null for the pivot (USD, 1 by definition) or when none has it. */
  source: string | null;
  /** When that source published the value (ISO 8601), and the day it belongs to. */
  timestamp: string | null;
  date: string | null;
  /** Seconds since `timestamp` when the answer was made. */
  ageSeconds: number | null;
  /** Older than the converter's (and Free plan's) 24-hour promise while its market is open. */
  stale: boolean;
  /** Its source's market is closed and the value is the last before it: not stale. */
  marketClosed: boolean;
}

/** GET /api/v1/status. */
export interface StatusResponse {
  /** When the answer was made (it is made once per few seconds and shared by every caller). */
  generatedAt: string;
  sources: SourceStatus[];
  /** The currency every rate is expressed against (its row has no source). */
  pivot: string;
  /** Every currency of the catalogue, in its order (featured first). */
  currencies: CurrencySource[];
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
