import { spawnSync } from 'node:child_process';
import path from 'node:path';

interface MixCall {
  path: string;
  key: string;
}

const CODES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'BTC', 'ETH', 'AUD', 'CAD', 'SEK', 'NOK', 'INR'];
const KEYS = ['key-a', 'key-b', 'key-c'];
const PAIRS = CODES.length * (CODES.length - 1);

/** The first `count` calls of the bench's mix from `seed` (an ES module: run by Node itself). */
function mixCalls(seed: number, count: number): MixCall[] {
  const module = path.join(__dirname, 'bench-mix-requests.mjs');
  const source = `
    import { mixRequests } from ${JSON.stringify(module)};
    const next = mixRequests(${JSON.stringify(CODES)}, ${JSON.stringify(KEYS)}, ${seed});
    process.stdout.write(JSON.stringify(Array.from({ length: ${count} }, next)));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as MixCall[];
}

const query = (call: MixCall) => new URLSearchParams(call.path.split('?')[1]);

describe('the bench’s varied mix', () => {
  let calls: MixCall[];
  beforeAll(() => {
    calls = mixCalls(1, 3000);
  });
  const routeOf = (call: MixCall) => call.path.split('?')[0];

  it('is the same stream for the same seed, another for another seed', () => {
    expect(mixCalls(1, 3000)).toEqual(calls);
    expect(mixCalls(2, 50)).not.toEqual(calls.slice(0, 50));
  });

  it('sends the calls to the keys in turn and to the three routes', () => {
    expect(calls.slice(0, 6).map((call) => call.key)).toEqual([...KEYS, ...KEYS]);
    const counts = new Map<string, number>();
    for (const call of calls) counts.set(routeOf(call), (counts.get(routeOf(call)) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([
      '/api/v1/convert',
      '/api/v1/rates/latest',
      '/api/v1/rates/rate',
    ]);
    for (const count of counts.values()) expect(count).toBeGreaterThan(800);
  });

  it('asks latest for a base and 1 to 5 other distinct symbols', () => {
    const latest = calls.filter((call) => routeOf(call) === '/api/v1/rates/latest').map(query);
    const sizes = new Set<number>();
    for (const params of latest) {
      const symbols = params.get('symbols')!.split(',');
      sizes.add(symbols.length);
      expect(new Set(symbols).size).toBe(symbols.length);
      expect(symbols).not.toContain(params.get('base'));
      for (const code of [params.get('base'), ...symbols]) expect(CODES).toContain(code);
    }
    expect([...sizes].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('repeats no latest or convert call, and no rate pair before every pair was asked', () => {
    const others = calls.filter((call) => routeOf(call) !== '/api/v1/rates/rate').map((call) => call.path);
    expect(new Set(others).size).toBe(others.length);
    const rates = calls.filter((call) => routeOf(call) === '/api/v1/rates/rate').map((call) => call.path);
    expect(rates.length).toBeGreaterThan(2 * PAIRS);
    for (let cycle = 0; cycle + PAIRS <= rates.length; cycle += PAIRS) {
      expect(new Set(rates.slice(cycle, cycle + PAIRS)).size).toBe(PAIRS);
    }
  });

  it('converts amounts with cents between pairs of distinct currencies', () => {
    const converts = calls.filter((call) => routeOf(call) === '/api/v1/convert').map(query);
    for (const params of converts) {
      expect(params.get('from')).not.toBe(params.get('to'));
      expect(params.get('amount')).toMatch(/^\d+\.\d{2}$/);
      expect(Number(params.get('amount'))).toBeGreaterThan(0);
    }
  });
});
