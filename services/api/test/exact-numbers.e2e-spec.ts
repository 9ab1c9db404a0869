import { RateDecimal, survivesJsonParse } from '@fxrates/rates';
import request from 'supertest';
import { seedBundledEcb } from './support/history-seed';
import { keysOnPlans } from './support/plan-keys';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** Every number literal of a JSON text as written (not as JSON.parse rounds it), in order. */
const numberLiterals = (text: string) =>
  [...text.matchAll(/[:,[]\s*(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)(?=\s*[,}\]])/g)].map((match) => match[1]);
/** Every string of a parsed answer's numeric fields (rates, amount, rate, result…), in order. */
const decimalStrings = (text: string) => [...text.matchAll(/"(-?\d+(?:\.\d+)?)"/g)].map((match) => match[1]);

/**
 * No /api/v1 answer holds a number JSON.parse cannot read back exactly; `numbers=string`
 * answers every rate, amount and result as the same digits in a string; a conversion names the ISO
 * minor units of its target.
 */
describe('exact numbers on /api/v1', () => {
  let t: TestApp;
  let key: string;
  let usageKey: string;

  const get = (target: string, apiKey = key) =>
    request(t.app.getHttpServer()).get(`/api/v1${target}`).set('X-API-Key', apiKey).buffer(true);

  beforeAll(async () => {
    await seedBundledEcb('2024-02-20', '2024-03-31');
    t = await startTestApp(testConfig());
    ({ enterprise: key, professional: usageKey } = await keysOnPlans(t.app, ['enterprise', 'professional']));
  }, 60_000);
  afterAll(() => t?.close());

  const TARGETS = [
    '/rates/latest?base=USD&symbols=EUR,JPY,BTC',
    '/rates/latest?base=EUR',
    '/rates/rate?from=USD&to=EUR',
    '/convert?from=USD&to=EUR&amount=100',
    '/rates/convert?from=EUR&to=BTC&amount=12.5',
    '/rates/historical/2024-03-15?base=USD&symbols=EUR,GBP,JPY',
    '/rates/historical/2024-03-16?base=GBP',
    '/rates/timeseries?start=2024-03-01&end=2024-03-28&base=USD&symbols=EUR,GBP',
    '/rates/timeseries?start=2024-03-01&end=2024-03-08&base=EUR',
    '/rates/fluctuation?start=2024-03-01&end=2024-03-28&base=USD&symbols=EUR,GBP,JPY',
  ];

  it.each(TARGETS)('%s: every number survives JSON.parse', async (target) => {
    const answer = await get(target).expect(200);
    const literals = numberLiterals(answer.text);
    expect(literals.length).toBeGreaterThan(0);
    expect(literals.filter((literal) => !survivesJsonParse(literal))).toEqual([]);
  });

  it.each(TARGETS)('%s&numbers=string: the same digits, each as a string', async (target) => {
    const asNumbers = await get(target).expect(200);
    const asStrings = await get(`${target}&numbers=string`).expect(200);
    // `minorUnits` stays an integer: it counts digits, it is not an amount.
    const decimals = [
      ...asNumbers.text
        .replace(/"minorUnits":\d+,/, '')
        .matchAll(/[:,[]\s*"?(-?\d+(?:\.\d+)?)"?(?=\s*[,}\]])/g),
    ].map((match) => match[1]);
    expect(decimalStrings(asStrings.text)).toEqual(decimals);
    expect(numberLiterals(asStrings.text.replace(/"minorUnits":\d+,/, ''))).toEqual([]);
    // Everything else is the same answer.
    const unquoted = (text: string) => text.replace(/"(-?\d+(?:\.\d+)?)"/g, '$1');
    expect(unquoted(asStrings.text)).toBe(unquoted(asNumbers.text));
  });

  it('an amount or result a JSON number cannot hold comes as a string with every digit, and is metered once', async () => {
    const usage = async () => (await get('/usage', usageKey).expect(200)).body.used as number;
    const before = await usage();
    const target = '/convert?from=USD&to=IDR&amount=999999999999999.99';
    const answer = await get(target, usageKey).expect(200);
    expect(answer.text).toContain('"amount":"999999999999999.99"');
    const { rate, result, minorUnits } = answer.body as { rate: number; result: string; minorUnits: number };
    expect(typeof rate).toBe('number'); // 10 digits: a number still
    expect(minorUnits).toBe(2);
    // Every digit of amount × the full-precision rate, to 4 decimals; `rate` shows 10 digits of it.
    expect(result).toMatch(/^\d{20}\.\d{4}$/);
    const shown = new RateDecimal('999999999999999.99').mul(rate);
    expect(new RateDecimal(result).minus(shown).abs().div(shown).lt(1e-9)).toBe(true);
    expect(survivesJsonParse(result)).toBe(false);
    expect(await usage()).toBe(before + 1);
    // With numbers=string, the same digits.
    const strings = await get(`${target}&numbers=string`, usageKey).expect(200);
    expect(strings.body.result).toBe(result);
  });

  it('an everyday crypto conversion to 8 decimals beyond 15 digits is a string, not a rounded number', async () => {
    const answer = await get('/convert?from=BTC&to=USD&amount=320847.26').expect(200);
    const literal = /"result":("?)([\d.]+)"?/.exec(answer.text)!;
    expect(literal[2]).toMatch(/\.\d{8}$/);
    // A number only when JSON.parse keeps it; quoted otherwise.
    expect(literal[1] === '"').toBe(!survivesJsonParse(literal[2]));
  });

  it('a large amount with few digits is still a number when the result fits', async () => {
    const answer = await get('/convert?from=USD&to=USD&amount=1000000000000000').expect(200);
    expect(answer.text).toContain('"amount":1000000000000000,');
    expect(answer.text).toContain('"result":1000000000000000.0000,');
  });

  it.each([
    ['EUR', 2],
    ['JPY', 0],
    ['KWD', 3],
    ['BTC', null],
  ])('a conversion to %s says its minor units: %s', async (to, minorUnits) => {
    const answer = await get(`/convert?from=USD&to=${to}&amount=10`).expect(200);
    expect(answer.body.minorUnits).toBe(minorUnits);
  });

  it('numbers other than number or string is 400 validation-failed, naming both', async () => {
    const refused = await get('/rates/rate?from=USD&to=EUR&numbers=float').expect(400);
    expect(refused.body.code).toBe('validation-failed');
    expect(refused.body.message).toBe('"numbers" must be "number" or "string".');
  });
});
