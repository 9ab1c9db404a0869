import type { ExactConvertResponse } from '@fxrates/domain';
import {
  amountAsDecimal,
  converterReducer,
  initialConverterState,
  unitOfRequest,
  type ConverterState,
} from './converter-state';

const reply = (amount: string, rate: string, result: string): ExactConvertResponse => ({
  from: 'USD',
  to: 'EUR',
  amount,
  rate,
  result,
  timestamp: '2026-11-20T00:00:00.000Z',
  date: '2026-11-20',
  source: 'ecb',
  stale: false,
  marketClosed: false,
});

const typed = (amount: string): ConverterState =>
  converterReducer(initialConverterState, { type: 'amountChanged', amount });

describe('converter state', () => {
  it('starts at an amount of 1', () => {
    expect(amountAsDecimal(initialConverterState.amount)).toBe('1');
  });

  it('reads "1,000" and "1,000.50" as a thousand, and nothing ambiguous or invalid', () => {
    expect(amountAsDecimal('1,000')).toBe('1000');
    expect(amountAsDecimal('1,000.50')).toBe('1000.50');
    for (const amount of ['1,5', '1.000,50', '-1', '', 'abc']) expect(amountAsDecimal(amount)).toBeNull();
  });

  it("keeps every digit of the server's result for the amount it was asked", () => {
    const state = converterReducer(typed('1,000,000,000,000,000'), {
      type: 'conversionSucceeded',
      response: reply('1000000000000000', '0.8802258812', '880225881234567.8912'),
    });
    expect(state.result).toBe('880225881234567.8912');
    expect(state.quote?.rate).toBe('0.8802258812');
  });

  it('recomputes locally, exactly, when the amount is edited after the conversion', () => {
    const converted = converterReducer(typed('1'), {
      type: 'conversionSucceeded',
      response: reply('1', '0.8802258812', '0.8802'),
    });
    expect(converterReducer(converted, { type: 'amountChanged', amount: '1,000.50' }).result).toBe(
      '880.665994140600',
    );
    expect(converterReducer(converted, { type: 'amountChanged', amount: '1,5' }).result).toBeNull();
  });

  it('recomputes from the rate when the amount changed while the request was in flight', () => {
    const state = converterReducer(typed('2'), {
      type: 'conversionSucceeded',
      response: reply('1', '0.5', '0.5000'),
    });
    expect(state.result).toBe('1.0');
  });

  it('offers metals with Show metals, apart from crypto, and puts a metal side back to its default when hidden', () => {
    let state = converterReducer(initialConverterState, { type: 'showMetalsChanged', showMetals: true });
    expect([state.showMetals, state.showCrypto]).toEqual([true, false]);
    state = converterReducer(state, { type: 'showCryptoChanged', showCrypto: true });
    state = converterReducer(state, { type: 'toChanged', code: 'XAU' });
    state = converterReducer(state, { type: 'fromChanged', code: 'PAXG' });
    // Hiding crypto leaves the metal; hiding metals then leaves the fiat default.
    state = converterReducer(state, { type: 'showCryptoChanged', showCrypto: false });
    expect([state.from, state.to]).toEqual(['USD', 'XAU']);
    state = converterReducer(state, { type: 'showMetalsChanged', showMetals: false });
    expect([state.from, state.to, state.showMetals]).toEqual(['USD', 'EUR', false]);
  });

  it('never leaves both sides on the same default when both were metals', () => {
    let state = converterReducer(initialConverterState, { type: 'showMetalsChanged', showMetals: true });
    state = converterReducer(state, { type: 'fromChanged', code: 'XAG' });
    state = converterReducer(state, { type: 'toChanged', code: 'XAU' });
    state = converterReducer(state, { type: 'showMetalsChanged', showMetals: false });
    expect([state.from, state.to]).toEqual(['USD', 'EUR']);
  });

  it('sends a unit only for a pair with a metal side, and drops the quote when the unit changes', () => {
    expect(unitOfRequest(initialConverterState)).toBeUndefined();
    let state = converterReducer(initialConverterState, { type: 'showMetalsChanged', showMetals: true });
    state = converterReducer(state, { type: 'fromChanged', code: 'XAU' });
    expect(unitOfRequest(state)).toBe('ozt');
    state = converterReducer(state, { type: 'unitChanged', unit: 'g' });
    expect(unitOfRequest(state)).toBe('g');
    const gold = { ...reply('1', '121.29', '121.29000000'), from: 'XAU', unit: 'g' as const };
    state = converterReducer(state, { type: 'conversionSucceeded', response: gold });
    expect(state.result).toBe('121.29000000');
    state = converterReducer(state, { type: 'unitChanged', unit: 'kg' });
    expect([state.quote, state.result]).toEqual([null, null]);
    // A late reply for grams does not show as kilograms.
    state = converterReducer(state, { type: 'conversionSucceeded', response: gold });
    expect(state.result).toBeNull();
  });
});
