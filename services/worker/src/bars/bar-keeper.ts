import { Injectable } from '@nestjs/common';
import { RateBarsRepository } from '@fxrates/db';
import type { RatesTable } from '@fxrates/rates';

const MONTH_KEY_LENGTH = 7;

/**
 * Keeps the intraday bars from each accepted table version: the version is a tick of the 1-minute,
 * 5-minute, 1-hour and 1-day bars of every currency it holds (per 1 USD), at the time it was
 * published, and is logged per currency for cross pairs; all in one statement, which does nothing for
 * a version applied before. Measured (scripts/bench-bars.mjs): writing all four intervals on each tick
 * costs little more than the minute alone, so there is no rollup job to lag or to fail.
 */
@Injectable()
export class BarKeeper {
  /** Months (YYYY-MM, UTC) whose partitions this process has made sure of. */
  private readonly ensured = new Set<string>();

  constructor(private readonly bars: RateBarsRepository) {}

  /** Applies one table version published at `at`; false when it had been applied already. */
  async record(table: RatesTable, at: Date): Promise<boolean> {
    const codes = [...table.perUsd.keys()].filter((code) => code !== 'USD').sort();
    if (codes.length === 0) return false;
    await this.ensureMonthOf(at);
    return this.bars.applyTick({
      version: table.version,
      at,
      currencies: codes,
      rates: codes.map((code) => table.perUsd.get(code)!.toString()),
    });
  }

  /** The partitions of `at`'s month and the next, created once per process and month. */
  private async ensureMonthOf(at: Date): Promise<void> {
    const month = at.toISOString().slice(0, MONTH_KEY_LENGTH);
    if (this.ensured.has(month)) return;
    await this.bars.ensurePartitions(at, 2);
    this.ensured.add(month);
  }
}
