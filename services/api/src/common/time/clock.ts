/**
 * The time the metered path reads: which second's burst a call counts in, which month's quota, how
 * old the rates are. Injected (provide `Clock`) so a test moves it past a second or a month instead of
 * sleeping through one; production uses the system's.
 */
export abstract class Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  abstract now(): number;
}

export class SystemClock extends Clock {
  now(): number {
    return Date.now();
  }
}
