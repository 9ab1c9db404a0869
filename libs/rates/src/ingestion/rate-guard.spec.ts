import { RateDecimal } from '../decimal';
import { judgeValue } from './rate-guard';

const now = Date.parse('2026-11-23T12:00:00Z');
const value = (currency: string, perUsd: string, observedAt = '2026-11-23T11:00:00.000Z') => ({
  currency,
  perUsd: new RateDecimal(perUsd),
  observedAt,
  day: observedAt.slice(0, 10),
});
const good = (perUsd: string, observedAt = '2026-11-23T10:00:00.000Z') => ({
  perUsd: new RateDecimal(perUsd),
  observedAt,
  day: observedAt.slice(0, 10),
});

describe('validation of incoming values', () => {
  it('gives metals their own class: a jump above 10 % is refused, between fiat and crypto', () => {
    // Gold at 4 129.10 USD/oz t is 0.000242 oz t per USD.
    const gold = good('0.0002421835');
    expect(judgeValue(value('XAU', '0.000264'), { own: gold }, now)).toEqual({ accepted: true }); // +9.0 %
    expect(judgeValue(value('XAU', '0.000220'), { own: gold }, now)).toEqual({ accepted: true }); // −9.2 %
    expect(judgeValue(value('XAU', '0.000270'), { own: gold }, now)).toMatchObject({
      accepted: false,
      reason: 'jump',
      detail: expect.stringContaining('(limit 10%)'),
    });
    // A per-gram price read as per ounce: 31.1 times the ounce's rate per USD.
    expect(judgeValue(value('XAU', '0.007532'), { own: gold }, now)).toMatchObject({ reason: 'jump' });
    // The same 20 % move is within fiat's and crypto's classes.
    expect(judgeValue(value('EUR', '1.08'), { own: good('0.9') }, now)).toEqual({ accepted: true });
    expect(judgeValue(value('PAXG', '0.00029'), { own: gold }, now)).toEqual({ accepted: true });
  });

  it("keeps a metal's reference through a weekend, as fiat's, when crypto's has expired", () => {
    const fridayGold = good('0.0002421835', '2026-11-20T21:00:00.000Z');
    const monday = Date.parse('2026-11-23T12:00:00Z');
    expect(judgeValue(value('XAU', '0.0003'), { own: fridayGold }, monday)).toMatchObject({ reason: 'jump' });
    expect(judgeValue(value('PAXG', '0.0003'), { own: fridayGold }, monday)).toEqual({ accepted: true });
  });

  it('accepts a believable value with or without a reference', () => {
    expect(judgeValue(value('EUR', '0.91'), { own: good('0.9') }, now)).toEqual({ accepted: true });
    expect(judgeValue(value('EUR', '0.91'), {}, now)).toEqual({ accepted: true });
  });

  it('judges a jump against the recorded history when neither the own nor the served value is there', () => {
    expect(judgeValue(value('EUR', '9'), { recorded: good('0.9') }, now)).toMatchObject({
      accepted: false,
      reason: 'jump',
    });
    expect(judgeValue(value('EUR', '0.91'), { recorded: good('0.9') }, now)).toEqual({ accepted: true });
    // The own value, when recent, comes first.
    expect(judgeValue(value('EUR', '0.91'), { own: good('0.9'), recorded: good('9') }, now)).toEqual({
      accepted: true,
    });
    // A record older than the reference age says nothing.
    expect(
      judgeValue(value('BTC', '0.0001'), { recorded: good('0.00001', '2026-11-21T10:00:00.000Z') }, now),
    ).toEqual({ accepted: true });
  });

  it('refuses zero, negative and non-finite rates', () => {
    for (const raw of ['0', '-1.2', 'NaN', 'Infinity']) {
      expect(judgeValue(value('EUR', raw), {}, now)).toMatchObject({
        accepted: false,
        reason: 'not-positive',
      });
    }
  });

  it('refuses a fiat jump above 25 % and a crypto jump above 50 % against the last good value', () => {
    expect(judgeValue(value('EUR', '1.2'), { own: good('0.9') }, now)).toMatchObject({
      accepted: false,
      ignored: false,
      reason: 'jump',
    });
    expect(judgeValue(value('EUR', '1.12'), { own: good('0.9') }, now)).toEqual({ accepted: true }); // 24.4 %
    expect(judgeValue(value('BTC', '0.000014'), { own: good('0.00001') }, now)).toEqual({ accepted: true });
    expect(judgeValue(value('BTC', '0.000016'), { own: good('0.00001') }, now)).toMatchObject({
      reason: 'jump',
    });
    expect(judgeValue(value('BTC', '0.0000049'), { own: good('0.00001') }, now)).toMatchObject({
      reason: 'jump',
    });
  });

  it('compares with the value in service when the provider has none of its own, ignoring old references', () => {
    expect(judgeValue(value('GBP', '1.5'), { other: good('0.8') }, now)).toMatchObject({ reason: 'jump' });
    const weekOld = good('0.8', '2026-11-16T10:00:00.000Z');
    expect(judgeValue(value('GBP', '1.5'), { own: weekOld, other: weekOld }, now)).toEqual({
      accepted: true,
    });
  });

  it('ignores a value older than the last good one and refuses one from the future', () => {
    expect(judgeValue(value('EUR', '0.9', '2026-11-23T09:00:00.000Z'), { own: good('0.9') }, now)).toEqual({
      accepted: false,
      ignored: true,
      reason: 'not-newer',
    });
    expect(judgeValue(value('EUR', '0.9', '2026-11-23T13:00:00.000Z'), {}, now)).toMatchObject({
      reason: 'future-timestamp',
    });
  });
});
