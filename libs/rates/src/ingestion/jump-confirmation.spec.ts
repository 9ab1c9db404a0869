import { RateDecimal } from '../decimal';
import { confirmJump, type PendingJump } from './jump-confirmation';

const reading = (currency: string, perUsd: string, observedAt: string) => ({
  currency,
  perUsd: new RateDecimal(perUsd),
  observedAt,
  day: observedAt.slice(0, 10),
});

describe('confirmJump', () => {
  it('counts metal readings as one move within 3 %, between fiat (2 %) and crypto (5 %)', () => {
    const first = confirmJump(undefined, reading('XAG', '0.02', '2026-11-24T10:00:00Z'));
    const within = confirmJump(first.pending, reading('XAG', '0.0205', '2026-11-24T10:01:00Z')); // 2.5 %
    expect(within.pending.readings).toBe(2);
    const beyond = confirmJump(within.pending, reading('XAG', '0.0212', '2026-11-24T10:02:00Z')); // 3.4 %
    expect(beyond.pending.readings).toBe(1);
    // The same 3.4 % step is one move for a crypto asset, two for a fiat currency.
    const token = confirmJump(
      confirmJump(undefined, reading('PAXG', '0.0205', '2026-11-24T10:01:00Z')).pending,
      reading('PAXG', '0.0212', '2026-11-24T10:02:00Z'),
    );
    expect(token.pending.readings).toBe(2);
    const fiat = confirmJump(
      confirmJump(undefined, reading('NGN', '0.0205', '2026-11-24T10:01:00Z')).pending,
      reading('NGN', '0.0212', '2026-11-24T10:02:00Z'),
    );
    expect(fiat.pending.readings).toBe(1);
  });

  it('believes a devaluation after three newer readings that agree (NGN 460 → ~750)', () => {
    let pending: PendingJump | undefined;
    const verdicts: boolean[] = [];
    for (const [rate, at] of [
      ['750', '2026-11-24T10:00:00Z'],
      ['752', '2026-11-24T11:00:00Z'],
      ['749', '2026-11-24T12:00:00Z'],
    ]) {
      const step = confirmJump(pending, reading('NGN', rate, at));
      pending = step.pending;
      verdicts.push(step.confirmed);
    }
    expect(verdicts).toEqual([false, false, true]);
    expect(pending).toEqual({ perUsd: '749', observedAt: '2026-11-24T12:00:00Z', readings: 3 });
  });

  it('does not count the same reading twice', () => {
    const first = confirmJump(undefined, reading('NGN', '750', '2026-11-24T10:00:00Z'));
    const again = confirmJump(first.pending, reading('NGN', '750', '2026-11-24T10:00:00Z'));
    const yetAgain = confirmJump(again.pending, reading('NGN', '750', '2026-11-24T10:00:00Z'));
    expect(yetAgain).toMatchObject({ confirmed: false, pending: { readings: 1 } });
  });

  it('starts over when the readings disagree: garbage that wanders is never believed', () => {
    let pending: PendingJump | undefined;
    const confirmed: boolean[] = [];
    for (const [rate, at] of [
      ['750', '2026-11-24T10:00:00Z'],
      ['900', '2026-11-24T11:00:00Z'],
      ['750', '2026-11-24T12:00:00Z'],
      ['1200', '2026-11-24T13:00:00Z'],
    ]) {
      const step = confirmJump(pending, reading('NGN', rate, at));
      pending = step.pending;
      confirmed.push(step.confirmed);
    }
    expect(confirmed).toEqual([false, false, false, false]);
    expect(pending?.readings).toBe(1);
  });

  it('allows crypto readings to differ more (5 %) than fiat (2 %)', () => {
    const fiat = confirmJump(
      { perUsd: '100', observedAt: '2026-11-24T10:00:00Z', readings: 1 },
      reading('NGN', '104', '2026-11-24T11:00:00Z'),
    );
    const crypto = confirmJump(
      { perUsd: '0.00001', observedAt: '2026-11-24T10:00:00Z', readings: 1 },
      reading('BTC', '0.0000104', '2026-11-24T10:00:10Z'),
    );
    expect(fiat.pending.readings).toBe(1);
    expect(crypto.pending.readings).toBe(2);
  });
});
