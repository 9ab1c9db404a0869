import { RateDecimal } from '../decimal';
import type { ProviderId } from '../providers/provider';
import type { GoodValue } from './good-value';
import { mergeProviderValues } from './merge';
import { rebaseOnUsd } from './rebase';

const at = (perUsd: string, observedAt: string): GoodValue => ({
  perUsd: new RateDecimal(perUsd),
  observedAt,
  day: observedAt.slice(0, 10),
});

describe('merging providers into the table in service', () => {
  it('lets the newest value of the right class win and uses the snapshot only for gaps', () => {
    const values = new Map<ProviderId, Map<string, GoodValue>>([
      [
        'ecb',
        new Map([
          ['EUR', at('0.90', '2026-11-20T15:00:00.000Z')],
          ['GBP', at('0.80', '2026-11-20T15:00:00.000Z')],
        ]),
      ],
      [
        'oxr',
        new Map([
          ['EUR', at('0.91', '2026-11-21T10:00:00.000Z')],
          ['BTC', at('0.5', '2026-11-21T10:00:00.000Z')],
        ]),
      ],
      ['binance', new Map([['BTC', at('0.00001', '2026-11-21T09:00:00.000Z')]])],
      ['coinbase', new Map([['BTC', at('0.000011', '2026-11-21T09:00:01.000Z')]])],
      [
        'bundled-snapshot',
        new Map([
          ['EUR', at('0.7', '2026-11-22T00:00:00.000Z')],
          ['KWD', at('0.3', '2026-09-29T00:00:00.000Z')],
        ]),
      ],
    ]);
    const table = mergeProviderValues(values)!;
    expect(table.perUsd.get('USD')!.toString()).toBe('1');
    expect(table.perUsd.get('EUR')!.toString()).toBe('0.91');
    expect(table.provenance.get('EUR')!.source).toBe('oxr');
    expect(table.provenance.get('GBP')!.source).toBe('ecb');
    // OXR's BTC is ignored: crypto comes from the exchanges; the newest exchange value wins.
    expect(table.perUsd.get('BTC')!.toString()).toBe('0.000011');
    expect(table.provenance.get('BTC')).toEqual({
      source: 'coinbase',
      timestamp: '2026-11-21T09:00:01.000Z',
      date: '2026-11-21',
    });
    expect(table.provenance.get('KWD')!.source).toBe('bundled-snapshot');
  });

  it('lets each source compete only for the types it serves: metals from Frankfurter, fiat from four', () => {
    const values = new Map<ProviderId, Map<string, GoodValue>>([
      [
        'frankfurter',
        new Map([
          ['XAU', at('0.00022', '2026-11-21T00:00:00.000Z')],
          ['EUR', at('0.90', '2026-11-21T00:00:00.000Z')],
        ]),
      ],
      [
        'coinbase-rates',
        new Map([
          ['EUR', at('0.91', '2026-11-21T10:00:00.000Z')],
          // Crypto is the exchanges' and metals Frankfurter's, whatever Coinbase's list says.
          ['BTC', at('0.5', '2026-11-21T10:00:00.000Z')],
          ['XAU', at('0.1', '2026-11-21T10:00:00.000Z')],
        ]),
      ],
      [
        'open-er-api',
        new Map([
          ['KWD', at('0.307', '2026-11-21T00:00:01.000Z')],
          // Newer than Coinbase's, but a fallback: it fills only what the live sources lack.
          ['EUR', at('0.95', '2026-11-21T11:00:00.000Z')],
        ]),
      ],
      ['coingecko', new Map([['BTC', at('0.00001', '2026-11-21T09:00:00.000Z')]])],
      [
        'bundled-snapshot',
        new Map([
          ['XAG', at('0.02', '2026-09-29T00:00:00.000Z')],
          ['KWD', at('0.3', '2026-09-29T00:00:00.000Z')],
        ]),
      ],
    ]);
    const table = mergeProviderValues(values)!;
    expect(table.provenance.get('XAU')!.source).toBe('frankfurter');
    expect(table.perUsd.get('XAU')!.toString()).toBe('0.00022');
    expect(table.provenance.get('EUR')!.source).toBe('coinbase-rates');
    expect(table.provenance.get('BTC')!.source).toBe('coingecko');
    expect(table.provenance.get('KWD')!.source).toBe('open-er-api');
    // A metal no live source has is filled by the snapshot, like any other type.
    expect(table.provenance.get('XAG')!.source).toBe('bundled-snapshot');
  });

  it('never blends tokenised gold with the metal: PAXG stays crypto and XAU waits for a metal source', () => {
    const values = new Map<ProviderId, Map<string, GoodValue>>([
      ['binance', new Map([['PAXG', at('0.000242', '2026-11-21T09:00:00.000Z')]])],
      ['frankfurter', new Map([['XAG', at('0.0185', '2026-11-21T00:00:00.000Z')]])],
    ]);
    const table = mergeProviderValues(values)!;
    expect(table.provenance.get('PAXG')!.source).toBe('binance');
    expect(table.perUsd.has('XAU')).toBe(false);
    expect(table.perUsd.get('XAG')!.toString()).toBe('0.0185');
  });

  it('prefers the earlier provider on a tie and builds nothing from nothing', () => {
    const same = '2026-11-20T15:00:00.000Z';
    const table = mergeProviderValues(
      new Map<ProviderId, Map<string, GoodValue>>([
        ['frankfurter', new Map([['EUR', at('0.92', same)]])],
        ['ecb', new Map([['EUR', at('0.90', same)]])],
      ]),
    )!;
    expect(table.provenance.get('EUR')!.source).toBe('ecb');
    expect(mergeProviderValues(new Map())).toBeNull();
  });

  it('rebases a USDT quote with the USDT rate in service and refuses it without one', () => {
    const observation = {
      currency: 'BTC',
      quote: 'USDT',
      rate: new RateDecimal('0.00001'),
      observedAt: '2026-11-21T09:00:00.000Z',
      day: '2026-11-21',
    };
    const { rebased } = rebaseOnUsd([observation], (code) =>
      code === 'USDT' ? new RateDecimal('1.002') : undefined,
    );
    expect(rebased[0].perUsd.toString()).toBe('0.00001002');
    const { refused } = rebaseOnUsd([observation], () => undefined);
    expect(refused).toEqual([
      { currency: 'BTC', reason: 'quoted in USDT, which has no USD rate to rebase on' },
    ]);
  });
});
