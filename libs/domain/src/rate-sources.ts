import type { CurrencyType } from './currency';
import type { SourceCadence } from './source-cadence';

/** What a source is, as the status page shows it: its main currency type, or the offline fallback. */
export type RateProviderKind = 'fiat' | 'crypto' | 'snapshot';

/** Everything the product says about one rates source; every other list of sources is derived from it. */
export interface RateProviderDefinition {
  /** As the status page names it. */
  name: string;
  kind: RateProviderKind;
  /**
   * The currency types it is asked for and may win. Live sources of the same type compete (the
   * newest value wins); the bundled snapshot covers every type but only fills what no live source has.
   */
  serves: readonly CurrencyType[];
  /** A live source that only fills what the other live sources lack, before the snapshot does. */
  fillsGapsOnly?: true;
  /** It cannot run without a key of the operator's, so RATES_PROVIDERS leaves it out unless named. */
  needsKey?: true;
  /** The credit its terms ask for wherever its rates are shown. */
  attribution?: { text: string; url: string };
  /** `RATES_<env>_URL`, `_INTERVAL_MS` and `_TIMEOUT_MS` configure it; null: nothing to configure. */
  env: string | null;
  cadence: SourceCadence;
}

const HOUR = 3600;
const DAY = 24 * HOUR;
const ECB_FIX = { hour: 16, minute: 0, timeZone: 'Europe/Berlin' } as const;

/**
 * Every rates source the system can ingest from, in the order their values are preferred on a tie.
 * Coinbase's exchange-rates list has crypto too, but crypto is the exchanges' job: there
 * `coinbase-rates` serves fiat only. ExchangeRate-API's open access allows attribution-credited
 * display but not redistribution (docs/rates-engine.md, "Sources and terms"): it only fills gaps.
 */
export const RATE_PROVIDERS = {
  ecb: {
    name: 'ECB daily reference rates',
    kind: 'fiat',
    serves: ['fiat'],
    env: 'ECB',
    cadence: {
      pattern: 'business-days',
      everySeconds: DAY,
      calendar: 'target',
      publishesAt: ECB_FIX,
      graceSeconds: 2 * HOUR,
      summary: 'Daily on TARGET business days, about 16:00 CET',
      label: 'ECB reference rate',
    },
  },
  frankfurter: {
    name: 'Frankfurter',
    kind: 'fiat',
    serves: ['fiat', 'metal'],
    env: 'FRANKFURTER',
    cadence: {
      pattern: 'business-days',
      everySeconds: DAY,
      calendar: 'target',
      publishesAt: ECB_FIX,
      graceSeconds: 3 * HOUR,
      summary: 'Daily on business days, after the central banks it republishes (ECB: about 16:00 CET)',
      label: 'Frankfurter',
    },
  },
  oxr: {
    name: 'Open Exchange Rates',
    kind: 'fiat',
    serves: ['fiat'],
    // A paid app id (RATES_OXR_APP_ID): every other source is keyless.
    needsKey: true,
    env: 'OXR',
    cadence: {
      pattern: 'periodic',
      everySeconds: HOUR,
      graceSeconds: 15 * 60,
      summary: 'Hourly',
      label: 'Open Exchange Rates',
    },
  },
  'coinbase-rates': {
    name: 'Coinbase exchange rates',
    kind: 'fiat',
    serves: ['fiat'],
    env: 'COINBASE_RATES',
    cadence: {
      pattern: 'continuous',
      everySeconds: null,
      graceSeconds: 60,
      summary: 'Continuous (polled every minute)',
      label: 'Coinbase',
    },
  },
  'open-er-api': {
    name: 'ExchangeRate-API (open access)',
    kind: 'fiat',
    serves: ['fiat'],
    fillsGapsOnly: true,
    attribution: { text: 'Rates By Exchange Rate API', url: 'https://www.exchangerate-api.com' },
    env: 'OPEN_ER_API',
    cadence: {
      pattern: 'periodic',
      everySeconds: DAY,
      graceSeconds: 2 * HOUR,
      summary: 'Daily',
      label: 'ExchangeRate-API (open access)',
    },
  },
  coinbase: {
    name: 'Coinbase Exchange',
    kind: 'crypto',
    serves: ['crypto'],
    env: 'COINBASE',
    cadence: {
      pattern: 'continuous',
      everySeconds: null,
      graceSeconds: 60,
      summary: 'Continuous (exchange tickers)',
      label: 'Coinbase',
    },
  },
  binance: {
    name: 'Binance',
    kind: 'crypto',
    serves: ['crypto'],
    env: 'BINANCE',
    cadence: {
      pattern: 'continuous',
      everySeconds: null,
      graceSeconds: 60,
      summary: 'Continuous (exchange tickers)',
      label: 'Binance',
    },
  },
  coingecko: {
    name: 'CoinGecko',
    kind: 'crypto',
    serves: ['crypto'],
    env: 'COINGECKO',
    cadence: {
      pattern: 'periodic',
      everySeconds: 60,
      graceSeconds: 60,
      summary: 'About every minute',
      label: 'CoinGecko',
    },
  },
  'bundled-snapshot': {
    name: 'Bundled snapshot',
    kind: 'snapshot',
    serves: ['fiat', 'crypto', 'metal'],
    // Its one job runs every RATES_INGEST_INTERVAL_MS and reads a file shipped with the release.
    env: null,
    cadence: {
      pattern: 'fixed',
      everySeconds: null,
      graceSeconds: 0,
      summary: 'Fixed: a snapshot shipped with the release, never updated',
      label: 'Bundled snapshot',
    },
  },
} as const satisfies Record<string, RateProviderDefinition>;

export type RateProviderId = keyof typeof RATE_PROVIDERS;

/** The `RATES_<env>_*` variable names' middle part of every source that has them. */
export type RateProviderEnv = NonNullable<(typeof RATE_PROVIDERS)[RateProviderId]['env']>;

/** Every source, in the order their values are preferred on a tie. */
export const RATE_PROVIDER_IDS = Object.keys(RATE_PROVIDERS) as readonly RateProviderId[];

function definition(id: RateProviderId): RateProviderDefinition {
  return RATE_PROVIDERS[id];
}

function byProvider<T>(value: (provider: RateProviderDefinition) => T): Record<RateProviderId, T> {
  return Object.fromEntries(RATE_PROVIDER_IDS.map((id) => [id, value(definition(id))])) as Record<
    RateProviderId,
    T
  >;
}

/** The currency types each source is asked for and may win. */
export const RATE_PROVIDER_SERVES: Record<RateProviderId, readonly CurrencyType[]> = byProvider(
  (p) => p.serves,
);

export const RATE_PROVIDER_KINDS: Record<RateProviderId, RateProviderKind> = byProvider((p) => p.kind);

/** Each provider as the status page names it. */
export const RATE_PROVIDER_NAMES: Record<RateProviderId, string> = byProvider((p) => p.name);

/** Every source's publish cadence. */
export const SOURCE_CADENCES: Readonly<Record<RateProviderId, SourceCadence>> = byProvider((p) => p.cadence);

/** The credit a source's terms ask for wherever its rates are shown (docs/rates-engine.md, "Sources and terms"). */
export const RATE_PROVIDER_ATTRIBUTIONS: Partial<Record<RateProviderId, { text: string; url: string }>> =
  Object.fromEntries(
    RATE_PROVIDER_IDS.flatMap((id) => {
      const { attribution } = definition(id);
      return attribution ? [[id, attribution]] : [];
    }),
  );

/** The offline fallback: fills gaps, never competes with a live value. */
export function isFallbackProvider(id: RateProviderId): boolean {
  return definition(id).kind === 'snapshot';
}

/** Live sources that only fill what the other live sources lack, before the snapshot does. */
export const LIVE_FALLBACK_PROVIDERS: readonly RateProviderId[] = RATE_PROVIDER_IDS.filter(
  (id) => definition(id).fillsGapsOnly === true,
);

/** 0 for a live source, 1 for a live fallback, 2 for the snapshot: a lower tier always wins. */
export function providerTier(id: RateProviderId): 0 | 1 | 2 {
  return isFallbackProvider(id) ? 2 : LIVE_FALLBACK_PROVIDERS.includes(id) ? 1 : 0;
}

/** Whether `id` is asked for, and may serve, currencies of `type`. */
export function providerServes(id: RateProviderId, type: CurrencyType): boolean {
  return RATE_PROVIDER_SERVES[id].includes(type);
}

export function isRateProviderId(value: string): value is RateProviderId {
  return Object.prototype.hasOwnProperty.call(RATE_PROVIDERS, value);
}

/** The cadence of a source named in an answer's `source`, if it is one we know. */
export function sourceCadenceOf(source: string): SourceCadence | undefined {
  return isRateProviderId(source) ? SOURCE_CADENCES[source] : undefined;
}

/**
 * What `RATES_PROVIDERS` enables unless set: every live source that needs no key, the bundled
 * snapshot last (it fills what none of them has and serves alone, flagged stale, offline).
 */
export const DEFAULT_RATE_PROVIDERS: readonly RateProviderId[] = RATE_PROVIDER_IDS.filter(
  (id) => definition(id).needsKey !== true,
);
