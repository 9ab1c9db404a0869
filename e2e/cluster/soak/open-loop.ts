import { performance } from 'node:perf_hooks';

/** How often the scheduler wakes up to start the requests that are due. */
const TICK_MS = 5;

/**
 * Calls `fire` `rate` times a second for `seconds`, at the times the rate sets whatever became of
 * earlier requests (an open loop): a slow cluster shows as latency, measured from `scheduledAt`
 * (performance.now() time), never as fewer requests. `done` resolves once the last one has started.
 */
export function openLoop(
  rate: number,
  seconds: number,
  fire: (secondOfRun: number, scheduledAt: number) => void,
): {
  startedAt: number;
  done: Promise<void>;
} {
  const startedAt = performance.now();
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  let next = 0;
  const done = new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      while (next < total && startedAt + next * interval <= now) {
        fire((next * interval) / 1000, startedAt + next * interval);
        next++;
      }
      if (next >= total) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  return { startedAt, done };
}
