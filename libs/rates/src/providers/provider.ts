import { RATE_PROVIDER_KINDS, type RateProviderId, type RateProviderKind } from '@fxrates/domain';
import type { RateDecimal } from '../decimal';

export type ProviderId = RateProviderId;
export type ProviderKind = RateProviderKind;

export interface ProviderSettings {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
}

/** One value as the provider gave it: units of `currency` per 1 unit of `quote`. */
export interface ProviderObservation {
  currency: string;
  quote: string;
  rate: RateDecimal;
  /** ISO instant the provider says the value is from. */
  observedAt: string;
  /** YYYY-MM-DD business day the value belongs to. */
  day: string;
}

export interface ProviderRejection {
  currency: string;
  raw: unknown;
  reason: string;
}

export interface ProviderFetchResult {
  source: ProviderId;
  observations: ProviderObservation[];
  rejected: ProviderRejection[];
}

export interface FetchLatestOptions {
  symbols: readonly string[];
  signal?: AbortSignal;
}

export interface RateProvider {
  readonly id: ProviderId;
  readonly kind: ProviderKind;
  fetchLatest(options: FetchLatestOptions): Promise<ProviderFetchResult>;
}

/** A provider of `id` (its kind comes from the catalogue of sources) fetching with `fetchLatest`. */
export function defineProvider(
  id: ProviderId,
  fetchLatest: (options: FetchLatestOptions) => Promise<ProviderFetchResult>,
): RateProvider {
  return { id, kind: RATE_PROVIDER_KINDS[id], fetchLatest };
}
