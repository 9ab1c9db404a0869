import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { UsageBreakdownRepository, type UsageBreakdownCell } from '@fxrates/db';
import { statusClassOf } from '@fxrates/domain';
import { Counter } from 'prom-client';
import { ApiMetrics } from '../../common/metrics';
import { Clock } from '../../common/time';
import { BreakdownCells, type BreakdownCell } from './usage-breakdown-cells';

/** How often an instance writes what it counted. */
export const USAGE_BREAKDOWN_FLUSH_MS = 5_000;
/** Distinct cells an instance keeps while PostgreSQL refuses its writes; past that, the oldest day goes. */
export const MAX_PENDING_BREAKDOWN_CELLS = 100_000;
/** Days the breakdown is kept, today included. */
export const USAGE_BREAKDOWN_RETENTION_DAYS = 400;

const DAY_MS = 86_400_000;
/** A refused write is logged once per this long, with how many more were refused meanwhile. */
const WARN_EVERY_MS = 60_000;

const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** "rates/historical/:date" of "/api/v1/rates/historical/:date": what `count` takes as `endpoint`. */
export function breakdownEndpointOf(routePath: string): string {
  return routePath.replace(/^\/api\/v1\//, '');
}

/**
 * Counts every answered call made with a known key, by key, endpoint, status class and day, and
 * adds the counts to usage_breakdown_daily every few seconds in one statement, and once more on
 * shutdown. Nothing here bills: metering does. Counting runs on every public call: synchronous, and
 * for a cell counted before since the last write, a few lookups and an increment (BreakdownCells).
 *
 * A write PostgreSQL refuses leaves its counts here, added to the next (bounded by
 * MAX_PENDING_BREAKDOWN_CELLS; what that drops is logged and counted in
 * `fxrates_usage_breakdown_dropped_calls_total`). Each instance writes its own counts as increments,
 * so instances writing the same cells at once all count. Days past the retention are deleted after
 * the first write of each day.
 */
@Injectable()
export class UsageBreakdownCounter implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(UsageBreakdownCounter.name);
  private readonly cells = new BreakdownCells(MAX_PENDING_BREAKDOWN_CELLS);
  private readonly droppedCalls: Counter;
  private timer: NodeJS.Timeout | undefined;
  /** The flush under way: flushes run one after another. */
  private flushing: Promise<void> = Promise.resolve();
  /** The day whose retention sweep ran. */
  private sweptDay = Number.NaN;
  private lastWarning = 0;
  private unwarned = 0;
  private written = 0;
  /** Flushes asked for and not done. */
  private writing = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    metrics: ApiMetrics,
  ) {
    this.droppedCalls = new Counter({
      name: 'fxrates_usage_breakdown_dropped_calls_total',
      help: 'Calls left out of the usage breakdown while PostgreSQL refused its writes for long',
      registers: [metrics.registry],
    });
  }

  /** Writes that succeeded so far: what was read before the latest may lack its counts. */
  get writes(): number {
    return this.written;
  }

  /** One answered call: `endpoint` as breakdownEndpointOf gives it, `status` the answer's, `now` in ms. */
  count(userId: string, keyId: string, endpoint: string, status: number, now: number): void {
    this.cells.add(userId, keyId, Math.floor(now / DAY_MS), endpoint, statusClassOf(status), 1);
  }

  onModuleInit(): void {
    // A write still under way (PostgreSQL slow to answer) is not queued behind again and again.
    this.timer = setInterval(() => {
      if (this.writing === 0) this.flush().catch(() => undefined);
    }, USAGE_BREAKDOWN_FLUSH_MS);
    this.timer.unref();
  }

  /** After the HTTP server has closed, so every answered call is in the last write. */
  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    try {
      await this.flush();
    } catch (error) {
      const calls = this.cells.take().reduce((sum, cell) => sum + cell.calls, 0);
      this.logger.warn(
        `Usage breakdown: ${calls} call(s) not written at shutdown: ${(error as Error).message}`,
      );
    }
  }

  /**
   * Writes what was counted (after a flush under way): resolves once written, rejects with
   * PostgreSQL's refusal (the counts are kept for the next).
   */
  flush(): Promise<void> {
    this.writing++;
    const run = this.flushing.then(() => this.write()).finally(() => this.writing--);
    this.flushing = run.catch(() => undefined);
    return run;
  }

  private async write(): Promise<void> {
    this.reportDropped();
    const taken = this.cells.take();
    if (taken.length === 0) return;
    try {
      await new UsageBreakdownRepository(this.em.fork()).add(stored(taken));
    } catch (error) {
      this.cells.restore(taken);
      this.warnRefused(error, taken.length);
      throw error;
    }
    this.written++;
    await this.sweep();
  }

  /**
   * After the first write of each day: the days past the retention deleted (tried again after the
   * next write if refused). An instance that writes nothing leaves it to those that do.
   */
  private async sweep(): Promise<void> {
    const today = Math.floor(this.clock.now() / DAY_MS);
    if (today === this.sweptDay) return;
    this.sweptDay = today;
    try {
      await new UsageBreakdownRepository(this.em.fork()).deleteDaysBefore(
        dayText(today - USAGE_BREAKDOWN_RETENTION_DAYS + 1),
      );
    } catch (error) {
      this.sweptDay = Number.NaN;
      this.logger.warn(`Usage breakdown: old days not deleted: ${(error as Error).message}`);
    }
  }

  private reportDropped(): void {
    const dropped = this.cells.takeDropped();
    if (dropped === 0) return;
    this.droppedCalls.inc(dropped);
    this.logger.warn(
      `Usage breakdown: ${dropped} call(s) dropped, more than ${MAX_PENDING_BREAKDOWN_CELLS} cells waiting to be written`,
    );
  }

  private warnRefused(error: unknown, cells: number): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) {
      this.unwarned++;
      return;
    }
    const message = (error as Error | undefined)?.message?.split('\n')[0] ?? String(error);
    this.logger.warn(
      `Usage breakdown: ${cells} cell(s) kept for the next write, PostgreSQL refused it: ${message}` +
        (this.unwarned ? ` (${this.unwarned} more refused since the last warning)` : ''),
    );
    this.lastWarning = now;
    this.unwarned = 0;
  }
}

/** The cells as the repository adds them, each day as its date. */
function stored(cells: readonly BreakdownCell[]): UsageBreakdownCell[] {
  const days = new Map<number, string>();
  return cells.map(({ userId, keyId, day, endpoint, statusClass, calls }) => {
    let text = days.get(day);
    if (text === undefined) days.set(day, (text = dayText(day)));
    return { userId, keyId, day: text, endpoint, statusClass, calls };
  });
}
