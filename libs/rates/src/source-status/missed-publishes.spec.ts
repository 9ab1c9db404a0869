import { SOURCE_CADENCES } from '@fxrates/domain';
import { missedPublishes, MISSED_LOOKBACK_MS } from './missed-publishes';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (iso: string) => Date.parse(iso);
const dataOf = (iso: string) => ({ dataTimestamp: at(iso), dataDate: iso.slice(0, 10) });

describe('missedPublishes', () => {
  const ecb = SOURCE_CADENCES.ecb;
  const ecbPoll = 30 * MINUTE;
  const fridayFix = dataOf('2026-11-20T15:00:00.000Z');

  it('is 0 for the bundled snapshot, however old, and unknown for a source that never gave data', () => {
    expect(
      missedPublishes(SOURCE_CADENCES['bundled-snapshot'], fridayFix, HOUR, at('2027-06-01T00:00:00Z')),
    ).toBe(0);
    expect(missedPublishes(ecb, undefined, ecbPoll, at('2026-11-23T18:00:00Z'))).toBeNull();
    expect(
      missedPublishes(ecb, { dataTimestamp: null, dataDate: null }, ecbPoll, at('2026-11-23T18:00:00Z')),
    ).toBeNull();
  });

  it("counts the ECB's business days whose 16:00 CET fix is past its grace and a poll, not the weekend", () => {
    // Friday's fix on Monday morning: nothing was due over the weekend.
    expect(missedPublishes(ecb, fridayFix, ecbPoll, at('2026-11-23T10:00:00Z'))).toBe(0);
    // Monday's fix (15:00 UTC) is missed once grace (2 h) and a poll (30 min) have passed: 17:30 UTC.
    expect(missedPublishes(ecb, fridayFix, ecbPoll, at('2026-11-23T17:29:00Z'))).toBe(0);
    expect(missedPublishes(ecb, fridayFix, ecbPoll, at('2026-11-23T17:30:00Z'))).toBe(1);
    // By Wednesday evening Monday's, Tuesday's and Wednesday's fixes are missing.
    expect(missedPublishes(ecb, fridayFix, ecbPoll, at('2026-11-25T18:00:00Z'))).toBe(3);
    // Monday's fix received: only Tuesday's and Wednesday's.
    expect(
      missedPublishes(ecb, dataOf('2026-11-23T15:00:00.000Z'), ecbPoll, at('2026-11-25T18:00:00Z')),
    ).toBe(2);
  });

  it('does not expect the ECB on TARGET holidays (Christmas) nor in summer time at 16:00 CET', () => {
    const christmasEve = dataOf('2026-12-24T15:00:00.000Z');
    // 25 Dec (Friday) and 26 Dec are TARGET holidays, then a weekend.
    expect(missedPublishes(ecb, christmasEve, ecbPoll, at('2026-12-28T12:00:00Z'))).toBe(0);
    expect(missedPublishes(ecb, christmasEve, ecbPoll, at('2026-12-28T18:00:00Z'))).toBe(1);
    // 16:00 CEST is 14:00 UTC: due by 16:30 UTC.
    const summer = dataOf('2026-07-01T14:00:00.000Z');
    expect(missedPublishes(ecb, summer, ecbPoll, at('2026-07-02T16:29:00Z'))).toBe(0);
    expect(missedPublishes(ecb, summer, ecbPoll, at('2026-07-02T16:30:00Z'))).toBe(1);
  });

  it('counts only the last 7 days of a source that has been silent for a month', () => {
    const now = at('2026-11-25T18:00:00Z');
    const monthOld = dataOf('2026-10-26T15:00:00.000Z');
    // 18–25 Nov (after 18:00 on the 18th): the 19th, 20th, 23rd, 24th and 25th.
    expect(missedPublishes(ecb, monthOld, ecbPoll, now)).toBe(5);
  });

  it('counts a periodic source (CoinGecko, about a minute) once a period past its grace and a poll', () => {
    const coingecko = SOURCE_CADENCES.coingecko;
    const now = at('2026-11-25T12:00:00Z');
    expect(missedPublishes(coingecko, { dataTimestamp: now - 110_000, dataDate: null }, MINUTE, now)).toBe(0);
    // Ten minutes old: 10 due, the last two within grace (1 min) and a poll (1 min).
    expect(
      missedPublishes(coingecko, { dataTimestamp: now - 10 * MINUTE, dataDate: null }, MINUTE, now),
    ).toBe(8);
    // Polled every 5 minutes: we cannot expect more than one per poll.
    expect(
      missedPublishes(coingecko, { dataTimestamp: now - 60 * MINUTE, dataDate: null }, 5 * MINUTE, now),
    ).toBe(10);
  });

  it('counts a continuous source (Binance) per poll interval, over the last 7 days at most', () => {
    const binance = SOURCE_CADENCES.binance;
    const now = at('2026-11-25T12:00:00Z');
    const poll = 10_000;
    expect(missedPublishes(binance, { dataTimestamp: now - 40_000, dataDate: null }, poll, now)).toBe(0);
    // An hour silent: due every 10 s, the last 70 s (grace and a poll) not yet counted.
    expect(missedPublishes(binance, { dataTimestamp: now - HOUR, dataDate: null }, poll, now)).toBe(353);
    const monthOld = { dataTimestamp: now - 30 * 24 * HOUR, dataDate: null };
    expect(missedPublishes(binance, monthOld, poll, now)).toBe(MISSED_LOOKBACK_MS / poll - 7);
  });

  it('counts an hourly source (Open Exchange Rates) every hour, weekends included', () => {
    const hourly = SOURCE_CADENCES.oxr;
    const now = at('2026-11-25T12:00:00Z');
    // Hourly, polled every 30 minutes, grace 15 minutes: 5 hours silent is 5 due, the last not yet missed.
    expect(missedPublishes(hourly, { dataTimestamp: now - 5 * HOUR, dataDate: null }, 30 * MINUTE, now)).toBe(
      4,
    );
  });
});
