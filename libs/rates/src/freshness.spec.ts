import { RateDecimal } from './decimal';
import { assessFreshness, summarizeProvenance } from './freshness';
import { provenanceSummaryOf } from './provenance-summaries';
import { createRatesTable, tableFromJson, tableToJson, type RateProvenance } from './rates-table';

const HOUR = 3_600_000;
const ecbFriday: RateProvenance = {
  source: 'ecb',
  timestamp: '2026-11-20T15:00:00.000Z',
  date: '2026-11-20',
};
const binance: RateProvenance = {
  source: 'binance',
  timestamp: '2026-11-22T11:59:50.000Z',
  date: '2026-11-22',
};

function mixedTable() {
  return createRatesTable({
    perUsd: new Map([
      ['USD', new RateDecimal(1)],
      ['EUR', new RateDecimal('0.9')],
      ['GBP', new RateDecimal('0.8')],
      ['BTC', new RateDecimal('0.00001')],
    ]),
    provenance: new Map([
      ['EUR', ecbFriday],
      ['GBP', ecbFriday],
      ['BTC', binance],
    ]),
  });
}

describe('provenance of an answer', () => {
  it('names every source involved and the oldest value, USD adding none', () => {
    const table = mixedTable();
    expect(summarizeProvenance(table, ['USD', 'EUR'])).toMatchObject({
      source: 'ecb',
      timestamp: ecbFriday.timestamp,
      date: '2026-11-20',
    });
    const cross = summarizeProvenance(table, ['EUR', 'BTC', 'GBP']);
    expect(cross.source).toBe('ecb,binance');
    expect(cross.timestamp).toBe(ecbFriday.timestamp);
    expect(cross.origins).toHaveLength(2);
    expect(summarizeProvenance(table, ['BTC']).timestamp).toBe(binance.timestamp);
  });

  it('summarizes the table and keeps per-currency provenance through its JSON form', () => {
    const table = mixedTable();
    expect(table).toMatchObject({ source: 'ecb,binance', timestamp: binance.timestamp, date: '2026-11-22' });
    const copy = tableFromJson(JSON.parse(JSON.stringify(tableToJson(table))));
    expect(copy.version).toBe(table.version);
    expect(copy.provenance.get('BTC')).toEqual(binance);
    const moved = tableToJson(table);
    moved.provenance!.EUR = { ...ecbFriday, source: 'frankfurter' };
    expect(tableFromJson(moved).version).not.toBe(table.version);
  });
});

describe('freshness', () => {
  const saturdayNoon = Date.parse('2026-11-21T12:00:00Z');
  const mondayNoon = Date.parse('2026-11-23T12:00:00Z');

  it('is stale when a value is older than the promise while its market is open', () => {
    expect(assessFreshness([binance], 10 * 60_000, Date.parse(binance.timestamp) + 11 * 60_000)).toEqual({
      stale: true,
      marketClosed: false,
    });
    expect(assessFreshness([binance], 10 * 60_000, Date.parse(binance.timestamp) + 9 * 60_000)).toEqual({
      stale: false,
      marketClosed: false,
    });
  });

  it("says marketClosed instead of stale for a fiat source's last publication before a weekend", () => {
    expect(assessFreshness([ecbFriday], HOUR, saturdayNoon)).toEqual({ stale: false, marketClosed: true });
    // On Monday the market is open again and Friday's value is simply old.
    expect(assessFreshness([ecbFriday], HOUR, mondayNoon)).toEqual({ stale: true, marketClosed: false });
    // ...but the weekend does not count: 69 hours on the clock, 21 on the calendar, fresh for 24 hours.
    expect(assessFreshness([ecbFriday], 24 * HOUR, mondayNoon)).toEqual({
      stale: false,
      marketClosed: false,
    });
    expect(assessFreshness([ecbFriday], 20 * HOUR, mondayNoon)).toEqual({ stale: true, marketClosed: false });
    // Crypto keeps no calendar: the weekend counts.
    const fridayCrypto = { ...ecbFriday, source: 'coingecko' };
    expect(assessFreshness([fridayCrypto], 24 * HOUR, mondayNoon).stale).toBe(true);
    // A Thursday value on Saturday is not the last publication: stale.
    const thursday = { ...ecbFriday, timestamp: '2026-11-19T15:00:00.000Z', date: '2026-11-19' };
    expect(assessFreshness([thursday], HOUR, saturdayNoon)).toEqual({ stale: true, marketClosed: false });
  });

  it('answers for the day and the millisecond asked, whatever was asked before', () => {
    // The same origin back and forth across days: each day's calendar facts are its own.
    for (const now of [saturdayNoon, mondayNoon, saturdayNoon, mondayNoon]) {
      const weekend = now === saturdayNoon;
      expect(assessFreshness([ecbFriday], HOUR, now)).toEqual({ stale: !weekend, marketClosed: weekend });
    }
    // On Monday, Friday's value is 21 open hours old at noon: stale one millisecond after the promise.
    const openAtMondayNoon = 21 * HOUR;
    expect(assessFreshness([ecbFriday], openAtMondayNoon, mondayNoon).stale).toBe(false);
    expect(assessFreshness([ecbFriday], openAtMondayNoon, mondayNoon + 1).stale).toBe(true);
    expect(assessFreshness([ecbFriday], openAtMondayNoon, mondayNoon).stale).toBe(false);
  });

  it('keeps crypto to the promise on weekends, even next to a closed fiat market', () => {
    const oldCrypto = { ...binance, timestamp: '2026-11-21T10:00:00.000Z', date: '2026-11-21' };
    expect(assessFreshness([ecbFriday, oldCrypto], HOUR, saturdayNoon)).toEqual({
      stale: true,
      marketClosed: true,
    });
  });

  it('treats the bundled snapshot as a value like any other: no calendar', () => {
    const snapshot = {
      source: 'bundled-snapshot',
      timestamp: '2026-09-29T00:00:00.000Z',
      date: '2026-09-29',
    };
    expect(assessFreshness([snapshot], 24 * HOUR, saturdayNoon)).toEqual({
      stale: true,
      marketClosed: false,
    });
  });
});

describe('freshness of metals: the metals market closes at weekends, whichever source quotes them', () => {
  // One source quoting a metal and a crypto asset at the same instant, Friday evening.
  const fridayEvening: RateProvenance = {
    source: 'coinbase',
    timestamp: '2026-11-20T21:00:00.000Z',
    date: '2026-11-20',
  };
  const table = createRatesTable({
    perUsd: new Map([
      ['USD', new RateDecimal(1)],
      ['XAU', new RateDecimal('0.0002421835')],
      ['PAXG', new RateDecimal('0.000242')],
    ]),
    provenance: new Map([
      ['XAU', fridayEvening],
      ['PAXG', fridayEvening],
    ]),
  });
  const saturdayNoon = Date.parse('2026-11-21T12:00:00Z');
  const mondayMorning = Date.parse('2026-11-23T10:00:00Z');

  it("says marketClosed for Friday's gold on Saturday, while the token of the same instant is stale", () => {
    const gold = summarizeProvenance(table, ['USD', 'XAU']);
    expect(assessFreshness(gold.origins, HOUR, saturdayNoon)).toEqual({ stale: false, marketClosed: true });
    const token = summarizeProvenance(table, ['USD', 'PAXG']);
    expect(assessFreshness(token.origins, HOUR, saturdayNoon)).toEqual({ stale: true, marketClosed: false });
    const both = summarizeProvenance(table, ['XAU', 'PAXG']);
    expect(both.origins).toHaveLength(2);
    expect(both.source).toBe('coinbase');
    expect(assessFreshness(both.origins, HOUR, saturdayNoon)).toEqual({ stale: true, marketClosed: true });
  });

  it('does not count the weekend towards a metal value’s age on Monday', () => {
    // 61 hours old, 13 of them while the market was open.
    const gold = summarizeProvenance(table, ['XAU']).origins;
    expect(assessFreshness(gold, 24 * HOUR, mondayMorning)).toEqual({ stale: false, marketClosed: false });
    expect(assessFreshness(gold, 12 * HOUR, mondayMorning)).toEqual({ stale: true, marketClosed: false });
    const token = summarizeProvenance(table, ['PAXG']).origins;
    expect(assessFreshness(token, 24 * HOUR, mondayMorning)).toEqual({ stale: true, marketClosed: false });
  });

  it('keeps no calendar for the bundled snapshot’s metals: a pinned file is stale, not closed', () => {
    const snapshot = createRatesTable({
      source: 'bundled-snapshot',
      date: '2026-11-20',
      timestamp: '2026-11-20T00:00:00.000Z',
      perUsd: new Map([['XAU', new RateDecimal('0.0002421835')]]),
    });
    const origins = summarizeProvenance(snapshot, ['XAU']).origins;
    expect(assessFreshness(origins, HOUR, saturdayNoon)).toEqual({ stale: true, marketClosed: false });
  });

  it('gives the same answer through the per-table summaries the API uses', () => {
    const memo = provenanceSummaryOf(table, ['XAU', 'PAXG']);
    expect(memo.origins.map((origin) => origin.market)).toEqual(['metal', undefined]);
    expect(assessFreshness(memo.origins, HOUR, saturdayNoon)).toEqual({ stale: true, marketClosed: true });
    expect(provenanceSummaryOf(table, ['PAXG']).origins.map((origin) => origin.market)).toEqual([undefined]);
  });
});
