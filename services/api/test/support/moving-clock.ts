import { Clock } from '../../src/common/time';

/**
 * A clock a test moves forward instead of sleeping: the system's time plus what the test has skipped
 * (a burst's second, say). Given to the app as `startTestApp(config, { clock })`.
 */
export class MovingClock extends Clock {
  private skippedMs = 0;

  now(): number {
    return Date.now() + this.skippedMs;
  }

  /** Moves the clock `ms` forward, at once. */
  advance(ms: number): void {
    this.skippedMs += ms;
  }
}
