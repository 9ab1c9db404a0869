import { backoffDelayMs } from './login-backoff';

describe('backoffDelayMs', () => {
  it('waits nothing below the limit, then doubles from 0.25 s with each failure', () => {
    expect([0, 9].map((failures) => backoffDelayMs(failures, 10, 5000))).toEqual([0, 0]);
    expect([10, 11, 12, 13, 14].map((failures) => backoffDelayMs(failures, 10, 5000))).toEqual([
      250, 500, 1000, 2000, 4000,
    ]);
  });

  it('never waits longer than the bound, however many failures', () => {
    expect(backoffDelayMs(15, 10, 5000)).toBe(5000);
    expect(backoffDelayMs(1_000_000, 10, 5000)).toBe(5000);
    expect(backoffDelayMs(50, 10, 0)).toBe(0);
  });
});
