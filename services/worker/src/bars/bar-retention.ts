import { Injectable, Logger } from '@nestjs/common';
import { BAR_INTERVALS, BAR_RETENTION_DAYS, BAR_TICK_RETENTION_DAYS } from '@fxrates/domain';
import { RateBarsRepository } from '@fxrates/db';

const DAY_MS = 86_400_000;
/** Versions applied are remembered this long: a retry or a second worker sees one within minutes. */
const VERSIONS_KEPT_MS = 2 * DAY_MS;
/** Partitions are made this many months ahead, so a tick never waits for DDL. */
const MONTHS_AHEAD = 2;

export interface BarRetentionReport {
  created: number;
  dropped: string[];
  versionsForgotten: number;
  /** Last month's partitions, vacuumed now that they no longer change. */
  settled: string[];
}

/**
 * The bars' daily housekeeping: partitions of this month and the next made ahead, each interval's
 * (and the ticks') months wholly older than its retention dropped (BAR_RETENTION_DAYS), old applied
 * versions forgotten, and early in a month the last month's partitions vacuumed (their rows no longer
 * change). Dropping a month's partition costs the same whatever it holds, and leaves no
 * dead rows to vacuum.
 */
@Injectable()
export class BarRetention {
  private readonly logger = new Logger(BarRetention.name);

  constructor(private readonly bars: RateBarsRepository) {}

  async run(now: number): Promise<BarRetentionReport> {
    const created = await this.bars.ensurePartitions(new Date(now), MONTHS_AHEAD);
    const dropped: string[] = [];
    for (const interval of BAR_INTERVALS) {
      const days = BAR_RETENTION_DAYS[interval];
      if (days === null) continue;
      dropped.push(
        ...(await this.bars.dropPartitionsBefore({ bars: interval }, new Date(now - days * DAY_MS))),
      );
    }
    dropped.push(
      ...(await this.bars.dropPartitionsBefore('ticks', new Date(now - BAR_TICK_RETENTION_DAYS * DAY_MS))),
    );
    const versionsForgotten = await this.bars.forgetVersionsBefore(new Date(now - VERSIONS_KEPT_MS));
    // Once a month has passed (the job runs daily: on the first of the month, and harmlessly after).
    const lastMonth = new Date(now);
    lastMonth.setUTCDate(0);
    const settled = new Date(now).getUTCDate() <= 2 ? await this.bars.settleMonth(lastMonth) : [];
    this.logger.log(
      `Bars: ${created} partition(s) made ahead, ${dropped.length} dropped past retention${dropped.length ? ` (${dropped.join(', ')})` : ''}`,
    );
    return { created, dropped, versionsForgotten, settled };
  }
}
