import { createServer, type AddressInfo } from 'node:net';
import { loadBundledSnapshot } from '../bundled-snapshot';
import {
  ecbDailyXml,
  ProviderStandIn,
  sample,
  type StandInFault,
  type StandInRequest,
  type StandInRoute,
} from '../../testing/provider-stand-in';
import { createProvider } from './create-provider';
import { CRYPTO_MARKETS } from './crypto-markets';
import { ProviderError } from './provider-error';
import { MAX_PROVIDER_BODY_BYTES } from './provider-http';
import type { ProviderId, RateProvider } from './provider';

/**
 * Every network adapter against the loopback stand-in, one table of faults: what each one makes of
 * a 5xx, a hang, garbage, a 200 of the wrong shape, bad values and a 429 with or without Retry-After.
 */

/** How long the adapters wait here before giving up on a hanging stand-in. */
const TIMEOUT_MS = 250;
const PATIENT_TIMEOUT_MS = 10_000;
const DAY = '2026-04-13';

interface AdapterCase {
  id: Exclude<ProviderId, 'bundled-snapshot'>;
  route: StandInRoute;
  /** The one asset every case asks for. */
  symbol: string;
  apiKey?: string;
  /** A 200 in the provider's own format whose value for `symbol` is `raw` (`null`: left empty). */
  answer: (raw: number | string | null) => string;
  /** That 200 by request, for a provider asked several times in a fetch (else `answer` to each). */
  answerFor?: (raw: number | string | null) => (request: StandInRequest) => string;
  /** `symbol` per USD (or USDT) when `answer(2)` is served. */
  rateOfTwo: string;
  /** What an empty value is refused as. */
  emptyReason: string;
  /** An answer that leaves `symbol` out altogether, and what (if anything) refuses it. */
  absent: StandInFault;
  absentRejected: Array<[string, string]>;
  /** 200 answers that parse but are not the provider's document: each fails as malformed. */
  shapeless: Array<[string, string]>;
  /** The provider's own 429 body. */
  rateLimitBody: string;
}

const json = (value: unknown) => JSON.stringify(value);
const ok = (body: string): StandInFault => ({ status: 200, body });
const served = (adapter: AdapterCase, raw: number | string | null): StandInFault =>
  adapter.answerFor ? { status: 200, bodyFor: adapter.answerFor(raw) } : ok(adapter.answer(raw));

const ADAPTERS: AdapterCase[] = [
  {
    id: 'ecb',
    route: '/stats/eurofxref/eurofxref-daily.xml',
    symbol: 'JPY',
    // USD at 1 per EUR makes the per-USD value the served one.
    answer: (raw) => ecbDailyXml(DAY, { USD: '1', JPY: raw === null ? '' : String(raw) }),
    rateOfTwo: '2',
    emptyReason: 'not a number: ""',
    absent: ok(ecbDailyXml(DAY, { USD: '1', GBP: '0.87' })),
    absentRejected: [],
    shapeless: [
      ['no USD rate to rebase on', ecbDailyXml(DAY, { JPY: '186.75' })],
      ['a zero USD rate', ecbDailyXml(DAY, { USD: '0', JPY: '186.75' })],
      [
        'no dated Cube',
        '<?xml version="1.0"?><gesmes:Envelope xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"/>',
      ],
      ['JSON instead of XML', json({ rates: { JPY: 160 } })],
    ],
    rateLimitBody: '<html><body>Too Many Requests</body></html>',
  },
  {
    id: 'frankfurter',
    route: '/v2/rates',
    symbol: 'EUR',
    answer: (raw) => json([{ date: DAY, base: 'USD', quote: 'EUR', rate: raw }]),
    // Each base asked gets rows of its own base; only the USD answer carries EUR.
    answerFor: (raw) => (request) => {
      const base = request.query.get('base') ?? 'EUR';
      return json(base === 'USD' ? [{ date: DAY, base, quote: 'EUR', rate: raw }] : []);
    },
    rateOfTwo: '2',
    emptyReason: 'missing',
    absent: ok('[]'),
    absentRejected: [],
    shapeless: [
      ['its 422 body', sample('frankfurter-v2-422-unknown-parameter.json')],
      ['the v1 document', json({ amount: 1, base: 'USD', date: DAY, rates: { EUR: 0.85 } })],
      ['rows without a quote', json([{ date: DAY, base: 'USD', rate: 0.85 }])],
      ['rows of another base', json([{ date: DAY, base: 'EUR', quote: 'USD', rate: 1.17 }])],
      ['null', 'null'],
    ],
    rateLimitBody: json({ status: 429, message: 'too many requests' }),
  },
  {
    id: 'oxr',
    route: '/api/latest.json',
    symbol: 'EUR',
    apiKey: 'stand-in-app-id',
    answer: (raw) => json({ timestamp: 1776088800, base: 'USD', rates: { EUR: raw } }),
    rateOfTwo: '2',
    emptyReason: 'missing',
    absent: ok(json({ timestamp: 1776088800, base: 'USD', rates: { GBP: 0.745104 } })),
    absentRejected: [],
    shapeless: [
      ['no timestamp', json({ base: 'USD', rates: { EUR: 0.85 } })],
      ['a fractional timestamp', json({ timestamp: 1776088800.5, base: 'USD', rates: { EUR: 0.85 } })],
      ['no rates', json({ timestamp: 1776088800, base: 'USD' })],
      ['a JSON string', '"ok"'],
    ],
    rateLimitBody: json({
      error: true,
      status: 429,
      message: 'too_many_requests',
      description: 'Access restricted for repeated over-use (status: 429).',
    }),
  },
  {
    id: 'coinbase-rates',
    route: '/v2/exchange-rates',
    symbol: 'EUR',
    answer: (raw) => json({ data: { currency: 'USD', rates: { EUR: raw, USD: '1.0' } } }),
    rateOfTwo: '2',
    emptyReason: 'missing',
    absent: ok(json({ data: { currency: 'USD', rates: { GBP: '0.735517' } } })),
    absentRejected: [],
    shapeless: [
      ['another base', json({ data: { currency: 'SOL', rates: { EUR: '94.2' } } })],
      ['no data', json({ rates: { EUR: '0.86' } })],
      ['an array', '[]'],
    ],
    rateLimitBody: json({ errors: [{ id: 'rate_limit_exceeded', message: 'Too many requests' }] }),
  },
  {
    id: 'open-er-api',
    route: '/v6/latest/USD',
    symbol: 'EUR',
    answer: (raw) =>
      json({
        result: 'success',
        base_code: 'USD',
        time_last_update_unix: 1776038401,
        rates: { USD: 1, EUR: raw },
      }),
    rateOfTwo: '2',
    emptyReason: 'missing',
    absent: ok(
      json({ result: 'success', base_code: 'USD', time_last_update_unix: 1776038401, rates: { USD: 1 } }),
    ),
    absentRejected: [],
    shapeless: [
      [
        'another base',
        json({ result: 'success', base_code: 'EUR', time_last_update_unix: 1776038401, rates: {} }),
      ],
      ['no time', json({ result: 'success', base_code: 'USD', rates: { EUR: 0.85 } })],
      ['an array', '[]'],
    ],
    rateLimitBody: json({ result: 'error', 'error-type': 'rate-limited' }),
  },
  {
    id: 'coingecko',
    route: '/api/v3/simple/price',
    symbol: 'BTC',
    answer: (raw) => json({ bitcoin: { usd: raw, last_updated_at: 1790640000 } }),
    rateOfTwo: '0.5',
    emptyReason: 'missing',
    absent: ok('{}'),
    absentRejected: [['BTC', 'no price for bitcoin']],
    shapeless: [
      ['its error body', sample('coingecko-error-429.json')],
      ['an array', '[]'],
      ['null', 'null'],
    ],
    rateLimitBody: sample('coingecko-error-429.json'),
  },
  {
    id: 'binance',
    route: '/api/v3/ticker/price',
    symbol: 'BTC',
    // Binance writes prices as strings.
    answer: (raw) => json([{ symbol: 'BTCUSDT', price: raw === null ? null : String(raw) }]),
    rateOfTwo: '0.5',
    emptyReason: 'missing',
    absent: ok('[]'),
    absentRejected: [['BTC', 'no ticker BTCUSDT']],
    shapeless: [
      ['its error body', sample('binance-error-400-1121.json')],
      ['an object', '{}'],
      ['null', 'null'],
    ],
    rateLimitBody: json({ code: -1003, msg: 'Too much request weight used; current limit is 6000.' }),
  },
  {
    id: 'coinbase',
    route: '/products/',
    symbol: 'BTC',
    answer: (raw) =>
      json({
        ...(JSON.parse(sample('coinbase-ticker-BTC-USD.json')) as object),
        price: raw === null ? null : String(raw),
      }),
    rateOfTwo: '0.5',
    emptyReason: 'missing',
    absent: { status: 404, body: sample('coinbase-error-404.json') },
    absentRejected: [['BTC', 'no such product on Coinbase']],
    shapeless: [['an array', '[]']],
    rateLimitBody: json({ message: 'Public rate limit exceeded' }),
  },
];

/** The ProviderError a fetch fails with; anything else (a crash, a success) fails the test. */
async function failureOf(fetching: Promise<unknown>): Promise<ProviderError> {
  const outcome = await fetching.then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a ProviderError, got ${JSON.stringify(outcome)}`);
  expect(outcome.error).toBeInstanceOf(ProviderError);
  return outcome.error as ProviderError;
}

describe('provider faults against the stand-in', () => {
  let standIn: ProviderStandIn;
  beforeAll(async () => {
    standIn = await ProviderStandIn.start();
  });
  afterAll(() => standIn.close());

  describe.each(ADAPTERS)('$id', (adapter) => {
    // Patient by default: on a loaded machine a healthy answer can take longer than the short timeout
    // the hang tests need, and must not be read as one.
    const provider = (timeoutMs = PATIENT_TIMEOUT_MS): RateProvider =>
      createProvider(adapter.id, { baseUrl: standIn.url, timeoutMs, apiKey: adapter.apiKey });
    const fetchOne = (timeoutMs?: number) => provider(timeoutMs).fetchLatest({ symbols: [adapter.symbol] });
    afterEach(() => standIn.fault(adapter.route, null));

    it('reads a well-formed answer served in its own format', async () => {
      standIn.fault(adapter.route, served(adapter, 2));
      const result = await fetchOne();
      expect(result.source).toBe(adapter.id);
      expect(result.observations.map((o) => [o.currency, o.rate.toString()])).toEqual([
        [adapter.symbol, adapter.rateOfTwo],
      ]);
      expect(result.rejected).toEqual([]);
    });

    it('reports a 503 as an http failure with its status', async () => {
      standIn.fault(adapter.route, { status: 503, body: 'Service Unavailable' });
      const error = await failureOf(fetchOne());
      expect(error).toMatchObject({ provider: adapter.id, failure: 'http', details: { status: 503 } });
    });

    it('refuses a redirect as an http failure, and follows it nowhere', async () => {
      const elsewhere = `/redirected-${adapter.id}`;
      standIn.fault(adapter.route, { status: 302, headers: { location: `${standIn.url}${elsewhere}` } });
      const error = await failureOf(fetchOne());
      expect(error).toMatchObject({ provider: adapter.id, failure: 'http', details: { status: 302 } });
      expect(error.message).toContain('not followed');
      expect(standIn.requestsTo(elsewhere)).toEqual([]);
    });

    // A hang and a stalled body never end on their own: only the adapter's timeout can end the fetch,
    // so the failure itself is the proof, with no clock read.
    it('gives up on a hang after its timeout', async () => {
      standIn.fault(adapter.route, 'hang');
      const error = await failureOf(fetchOne(TIMEOUT_MS));
      expect(error).toMatchObject({ provider: adapter.id, failure: 'timeout' });
      expect(error.message).toContain(`${TIMEOUT_MS} ms`);
    });

    it('gives up on a body that stalls after its headers, after its timeout', async () => {
      standIn.fault(adapter.route, 'stall-body');
      const error = await failureOf(fetchOne(TIMEOUT_MS));
      expect(error).toMatchObject({ provider: adapter.id, failure: 'timeout' });
    });

    it('counts the expiry of a deadline for the whole fetch as a timeout', async () => {
      standIn.fault(adapter.route, 'hang');
      const patient = createProvider(adapter.id, {
        baseUrl: standIn.url,
        timeoutMs: 60_000,
        apiKey: adapter.apiKey,
      });
      const error = await failureOf(
        patient.fetchLatest({ symbols: [adapter.symbol], signal: AbortSignal.timeout(TIMEOUT_MS) }),
      );
      expect(error).toMatchObject({ provider: adapter.id, failure: 'timeout' });
    });

    it('reports an unparseable body as malformed', async () => {
      standIn.fault(adapter.route, 'garbage');
      const error = await failureOf(fetchOne());
      expect(error).toMatchObject({ provider: adapter.id, failure: 'malformed' });
    });

    it.each<[string, Record<string, string>]>([
      ['a declared length', { 'content-length': String(MAX_PROVIDER_BODY_BYTES + 1) }],
      ['no declared length', {}],
    ])('refuses an answer larger than the cap, with %s, unread', async (_label, headers) => {
      const body = 'x'.repeat(MAX_PROVIDER_BODY_BYTES + 1);
      standIn.fault(adapter.route, { status: 200, body, headers });
      // Time enough to stream 8 MB on a busy machine: the cap, not the timeout, must refuse it.
      const patient = createProvider(adapter.id, {
        baseUrl: standIn.url,
        timeoutMs: 10_000,
        apiKey: adapter.apiKey,
      });
      const error = await failureOf(patient.fetchLatest({ symbols: [adapter.symbol] }));
      expect(error).toMatchObject({ provider: adapter.id, failure: 'malformed' });
      expect(error.message).toContain('answered more than 8 MB');
    });

    it.each(adapter.shapeless)('reports a 200 with %s as malformed', async (_label, body) => {
      standIn.fault(adapter.route, ok(body));
      const error = await failureOf(fetchOne());
      expect(error).toMatchObject({ provider: adapter.id, failure: 'malformed' });
    });

    it.each<[string, number | string | null, string]>([
      ['a zero', 0, 'zero'],
      ['a negative', -1.5, 'negative: -1.5'],
      ['a non-numeric', 'abc', 'not a number: "abc"'],
      ['an empty', null, adapter.emptyReason],
    ])('refuses %s value alone, without failing the fetch', async (_label, raw, reason) => {
      standIn.fault(adapter.route, served(adapter, raw));
      const result = await fetchOne();
      expect(result.observations).toEqual([]);
      expect(result.rejected.map((r) => [r.currency, r.reason])).toEqual([[adapter.symbol, reason]]);
    });

    it('handles an answer without the asset as it should', async () => {
      standIn.fault(adapter.route, adapter.absent);
      const result = await fetchOne();
      expect(result.observations).toEqual([]);
      expect(result.rejected.map((r) => [r.currency, r.reason])).toEqual(adapter.absentRejected);
    });

    it('reports a 429 with Retry-After in seconds as rate-limited with that wait', async () => {
      standIn.fault(adapter.route, {
        status: 429,
        body: adapter.rateLimitBody,
        headers: { 'retry-after': '120' },
      });
      const error = await failureOf(fetchOne());
      expect(error).toMatchObject({
        provider: adapter.id,
        failure: 'rate-limited',
        details: { status: 429, retryAfterMs: 120_000 },
      });
    });

    it('reads a Retry-After given as an HTTP date', async () => {
      const until = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);
      standIn.fault(adapter.route, {
        status: 429,
        body: adapter.rateLimitBody,
        headers: { 'retry-after': until.toUTCString() },
      });
      const error = await failureOf(fetchOne());
      expect(error.failure).toBe('rate-limited');
      expect(error.details.retryAfterMs).toBeGreaterThan(55_000);
      expect(error.details.retryAfterMs).toBeLessThanOrEqual(61_000);
    });

    it('reports a 429 without Retry-After as rate-limited with no wait of its own', async () => {
      standIn.fault(adapter.route, { status: 429, body: adapter.rateLimitBody });
      const error = await failureOf(fetchOne());
      expect(error).toMatchObject({
        provider: adapter.id,
        failure: 'rate-limited',
        details: { status: 429 },
      });
      expect(error.details.retryAfterMs).toBeUndefined();
    });
  });
});

describe('every network adapter offline', () => {
  it.each(ADAPTERS.map((adapter) => [adapter.id, adapter] as const))(
    '%s fails at once, as a network failure, when the name does not resolve or the port refuses',
    async (_id, adapter) => {
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const { port } = probe.address() as AddressInfo;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      // A minute of timeout: only a failure that comes at once can be reported as "network".
      for (const baseUrl of ['http://fxrates-offline-test.invalid', `http://127.0.0.1:${port}`]) {
        const provider = createProvider(adapter.id, { baseUrl, timeoutMs: 60_000, apiKey: adapter.apiKey });
        const error = await failureOf(provider.fetchLatest({ symbols: [adapter.symbol] }));
        expect({ baseUrl, failure: error.failure }).toEqual({ baseUrl, failure: 'network' });
      }
    },
  );
});

describe('coinbase, a request per asset', () => {
  let standIn: ProviderStandIn;
  beforeAll(async () => {
    standIn = await ProviderStandIn.start();
  });
  afterAll(() => standIn.close());

  it('sends no further ticker request once one has failed', async () => {
    const symbols = Object.keys(CRYPTO_MARKETS).filter((code) => CRYPTO_MARKETS[code].coinbase);
    // More assets than tickers asked at once, so some are still waiting when the first fails.
    expect(symbols.length).toBeGreaterThan(3);
    standIn.fault('/products/', { status: 503, body: 'down' });
    const coinbase = createProvider('coinbase', { baseUrl: standIn.url, timeoutMs: PATIENT_TIMEOUT_MS });
    const error = await failureOf(coinbase.fetchLatest({ symbols }));
    expect(error).toMatchObject({ provider: 'coinbase', failure: 'http' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(standIn.requestsTo('/products/').length).toBeLessThanOrEqual(3);
  });
});

describe('bundled snapshot provider', () => {
  const snapshot = loadBundledSnapshot();

  it('gives the pinned snapshot per USD, stamped with its date', async () => {
    const provider = createProvider('bundled-snapshot', { baseUrl: '', timeoutMs: TIMEOUT_MS });
    expect(provider).toMatchObject({ id: 'bundled-snapshot' });
    const result = await provider.fetchLatest({ symbols: ['EUR', 'JPY', 'BTC', 'USD', 'NOPE'] });
    expect(result.source).toBe('bundled-snapshot');
    expect(result.rejected).toEqual([]);
    expect(result.observations.map((o) => o.currency).sort()).toEqual(
      ['EUR', 'JPY', 'BTC'].filter((code) => snapshot.perUsd.has(code)).sort(),
    );
    expect(result.observations.length).toBeGreaterThanOrEqual(2);
    for (const observation of result.observations) {
      expect(observation).toMatchObject({
        quote: 'USD',
        day: snapshot.date,
        observedAt: `${snapshot.date}T00:00:00.000Z`,
      });
      expect(observation.rate.toString()).toBe(snapshot.perUsd.get(observation.currency)!.toString());
      expect(observation.rate.isNegative() || observation.rate.isZero()).toBe(false);
    }
  });

  it('gives nothing for symbols it does not have, and never USD itself', async () => {
    const result = await createProvider('bundled-snapshot', { baseUrl: '', timeoutMs: 1 }).fetchLatest({
      symbols: ['USD', 'NOPE'],
    });
    expect(result).toEqual({ source: 'bundled-snapshot', observations: [], rejected: [] });
  });
});
