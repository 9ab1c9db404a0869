// The varied mix of `npm run bench -- --only mix`: a stream of metered calls spread over 200 keys and
// three routes, the same for every server and every run (a seeded PRNG), in which no request repeats.
// Shared by the bench (which sends it) and the bare mix server (whose currency pool is the same).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const MIX_KEYS = 200;
export const MIX_ROUTES = {
  latest: '/api/v1/rates/latest',
  rate: '/api/v1/rates/rate',
  convert: '/api/v1/convert',
};

/**
 * The codes a caller may ask for: the catalogue's currencies that have a rate in the bundled snapshot
 * (the API's table when no ingest has run, as in the bench), in catalogue order.
 */
export function mixCurrencies() {
  const { CURRENCIES } = require('../dist/libs/domain/src/index.js');
  const snapshot = require('@fawazahmed0/currency-api/v1/currencies/usd.min.json');
  return CURRENCIES.map((currency) => currency.code).filter(
    (code) => code === 'USD' || snapshot.usd[code.toLowerCase()] > 0,
  );
}

/** mulberry32: a small seeded PRNG; `random(n)` is an integer in [0, n). */
function seeded(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
}

/**
 * An endless stream of `{ path, key }` for the `keys` given, from `seed`. Calls go to the keys in
 * turn (each user calls at 1/200 of the load) and to the three routes at random, a third each:
 * - latest: a random base and 1–5 distinct other symbols;
 * - rate: the next pair of a shuffled list of every ordered pair, so a pair comes back only once all
 *   N × (N − 1) have been asked (tens of thousands: seconds apart, never inside the API's
 *   one-second answer memo), then in a new order;
 * - convert: a random pair and an amount from 0.01 to 1 000 000 with cents.
 * A latest or convert target drawn twice is drawn again, so no such request repeats in a stream.
 */
export function mixRequests(codes, keys, seed) {
  const random = seeded(seed);
  const pick = () => codes[random(codes.length)];
  const seen = new Set();
  let pairs = [];
  const nextPair = () => {
    if (pairs.length === 0) {
      for (const from of codes) for (const to of codes) if (from !== to) pairs.push(`from=${from}&to=${to}`);
      // Fisher–Yates, from the same seeded source.
      for (let i = pairs.length - 1; i > 0; i--) {
        const j = random(i + 1);
        [pairs[i], pairs[j]] = [pairs[j], pairs[i]];
      }
    }
    return pairs.pop();
  };
  const fresh = (draw) => {
    for (;;) {
      const path = draw();
      if (!seen.has(path)) {
        seen.add(path);
        return path;
      }
    }
  };
  const latest = () => {
    const base = pick();
    const symbols = [];
    const count = 1 + random(5);
    while (symbols.length < count) {
      const code = pick();
      if (code !== base && !symbols.includes(code)) symbols.push(code);
    }
    return `${MIX_ROUTES.latest}?base=${base}&symbols=${symbols.join(',')}`;
  };
  const convert = () => {
    const from = pick();
    let to = pick();
    while (to === from) to = pick();
    const cents = 1 + random(100_000_000);
    return `${MIX_ROUTES.convert}?from=${from}&to=${to}&amount=${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  };
  let call = 0;
  return () => {
    const key = keys[call++ % keys.length];
    const route = random(3);
    const path =
      route === 0 ? fresh(latest) : route === 1 ? `${MIX_ROUTES.rate}?${nextPair()}` : fresh(convert);
    return { path, key };
  };
}
