/**
 * Payload of `fixings` / `freeze-fixing`: the cut's fixing of one day, due at the cut. Queued as a
 * delayed job whose id is fixingJobId, so every worker and every restart asks for the same one.
 */
export interface FreezeFixingJob {
  cut: string;
  /** The cut's local day, YYYY-MM-DD. */
  day: string;
}

/** Payload of `fixings` / `plan-fixings`: queue each clock cut's next freeze (a worker's start, the schedule). */
export interface PlanFixingsJob {
  trigger: 'start' | 'schedule';
}

/** The id of a cut's freeze on a day: one job, whichever worker queues it. */
export function fixingJobId(cut: string, day: string): string {
  return `fixing.${cut}.${day}`;
}
