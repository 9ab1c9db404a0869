import { proves, type Equal } from './type-assertions';
import {
  DEFAULT_RATE_PROVIDERS,
  LIVE_FALLBACK_PROVIDERS,
  RATE_PROVIDER_ATTRIBUTIONS,
  RATE_PROVIDER_IDS,
  RATE_PROVIDER_KINDS,
  RATE_PROVIDER_NAMES,
  RATE_PROVIDER_SERVES,
  RATE_PROVIDERS,
  SOURCE_CADENCES,
  isRateProviderId,
  providerTier,
  sourceCadenceOf,
  type RateProviderDefinition,
  type RateProviderEnv,
  type RateProviderId,
} from './rate-sources';

/*
 * RATE_PROVIDERS is the one place a rates source is written down: these tests prove every other list
 * of sources is read from it, in its order. The type-level part is checked by `npm run typecheck`.
 */

describe('the rate provider table', () => {
  it('is the order of the id list, the tie-break order', () => {
    expect(RATE_PROVIDER_IDS).toEqual(Object.keys(RATE_PROVIDERS));
  });

  it('gives every per-source record its value, for every source', () => {
    for (const id of RATE_PROVIDER_IDS) {
      const source: RateProviderDefinition = RATE_PROVIDERS[id];
      expect({
        name: RATE_PROVIDER_NAMES[id],
        kind: RATE_PROVIDER_KINDS[id],
        serves: RATE_PROVIDER_SERVES[id],
        cadence: SOURCE_CADENCES[id],
        attribution: RATE_PROVIDER_ATTRIBUTIONS[id],
      }).toEqual({
        name: source.name,
        kind: source.kind,
        serves: source.serves,
        cadence: source.cadence,
        attribution: source.attribution,
      });
      expect(sourceCadenceOf(id)).toBe(source.cadence);
    }
    expect(sourceCadenceOf('toString')).toBeUndefined();
    expect(isRateProviderId('constructor')).toBe(false);
  });

  it('enables by default the sources that need no key, and ranks gap fillers after live sources', () => {
    expect(DEFAULT_RATE_PROVIDERS).toEqual(
      RATE_PROVIDER_IDS.filter((id) => !('needsKey' in RATE_PROVIDERS[id])),
    );
    expect(LIVE_FALLBACK_PROVIDERS).toEqual(['open-er-api']);
    expect(RATE_PROVIDER_IDS.map(providerTier)).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 2]);
  });
});

// The ids are the table's keys; the configurable ones name their RATES_<env>_* variables.
proves<Equal<RateProviderId, (typeof RATE_PROVIDER_IDS)[number]>>();
proves<
  Equal<
    RateProviderEnv,
    'ECB' | 'FRANKFURTER' | 'OXR' | 'COINBASE_RATES' | 'OPEN_ER_API' | 'COINBASE' | 'BINANCE' | 'COINGECKO'
  >
>();

// A source added without a cadence does not compile.
const withoutCadence = { name: 'Example', kind: 'fiat', serves: ['fiat'], env: 'EXAMPLE' } as const;
// @ts-expect-error: `cadence` is missing
void (withoutCadence satisfies RateProviderDefinition);
