import type { RatesTable } from '@fxrates/rates';

interface Replaced {
  table: RatesTable;
  /** When the next table took its place (ms). */
  replacedAt: number;
}

/**
 * The rates tables this instance has served in the last `windowMs`, by version: what a stream
 * resumed with Last-Event-ID (a table version) is diffed against. A version is the table's content
 * hash, the same on every instance, so a client may resume on any instance that served that table.
 */
export class TableHistory {
  private readonly replaced: Replaced[] = [];

  constructor(private readonly windowMs: number) {}

  /** Records that `previous` was replaced at `now`, and forgets the tables replaced too long ago. */
  replace(previous: RatesTable, now: number): void {
    this.replaced.push({ table: previous, replacedAt: now });
    const horizon = now - this.windowMs;
    let stale = 0;
    while (stale < this.replaced.length && this.replaced[stale].replacedAt < horizon) stale++;
    if (stale) this.replaced.splice(0, stale);
  }

  /** The table of that version, replaced within the window; undefined when unknown or too old. */
  find(version: string, now: number): RatesTable | undefined {
    const horizon = now - this.windowMs;
    for (let i = this.replaced.length - 1; i >= 0; i--) {
      const { table, replacedAt } = this.replaced[i];
      if (replacedAt < horizon) return undefined;
      if (table.version === version) return table;
    }
    return undefined;
  }
}
