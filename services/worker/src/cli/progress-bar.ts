import { Format, SingleBar, type Options } from 'cli-progress';

/** Where a bar is drawn: the process's stderr or stdout, or a collector in tests. */
export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** What each update says beside the bar ("4,312 days  2009-05-07", "3/10  I-ABC applied"). */
export interface ProgressDetail {
  detail: string;
}

const WITH_TOTAL = '[{bar}] {percentage}% {detail}';

/**
 * The progress bar of the worker's command-line tools (rates:backfill, reconcile), drawn by
 * cli-progress: on a terminal one line redrawn in place; elsewhere (CI logs, a pipe) a line every
 * few seconds and the final one, so a log shows the run moving without a line per row. Until the
 * total is known (a CSV streamed without Content-Length: start with 0) it shows `[…]` and the detail.
 * Call stop() on every path: the bar redraws on a timer, which keeps the process alive.
 */
export function createProgressBar(output: ProgressOutput = process.stderr): SingleBar {
  const options: Options = {
    stream: output as NodeJS.WritableStream,
    format: (opts, params, payload: ProgressDetail) =>
      params.total > 0
        ? Format.Formatter({ ...opts, format: WITH_TOTAL }, params, payload)
        : `[…] ${payload.detail}`,
    barsize: 30,
    barCompleteChar: '█',
    barIncompleteChar: '░',
    autopadding: true,
    hideCursor: output.isTTY === true,
    noTTYOutput: true,
    notTTYSchedule: 5_000,
    // On a terminal the final bar stays; in a log, stop() would otherwise add an empty line after it.
    clearOnComplete: output.isTTY !== true,
  };
  return new SingleBar(options);
}
