/**
 * A cache's re-read from its source every `intervalMs`, in the background: calls never wait for it,
 * one run at a time (a slow run is not stacked on), and `stop` waits for the run under way. What
 * keeps an in-process cache honest when an invalidation announcement is lost.
 */
export class BackgroundReread {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(private readonly reread: () => Promise<void>) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.run(), intervalMs);
    this.timer.unref();
  }

  run(): Promise<void> {
    this.running ??= this.reread().finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}

/** `read` over `items` a batch of `size` at a time, in order: a query's parameters stay bounded. */
export async function inBatches<T>(
  items: readonly T[],
  size: number,
  read: (batch: T[]) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) await read(items.slice(start, start + size));
}
