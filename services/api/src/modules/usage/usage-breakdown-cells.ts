import { STATUS_CLASSES, type StatusClass } from '@fxrates/domain';

/** One key's calls to one endpoint on one day in one status class, counted since the last flush. */
export interface BreakdownCell {
  readonly userId: string;
  readonly keyId: string;
  /** Days since 1970-01-01 (UTC). */
  readonly day: number;
  readonly endpoint: string;
  readonly statusClass: StatusClass;
  calls: number;
}

const CLASS_INDEX: Readonly<Record<StatusClass, number>> = { '2xx': 0, '3xx': 1, '4xx': 2, '5xx': 3 };

/** A key's calls of one day: per endpoint, the calls of each status class in STATUS_CLASSES' order. */
interface KeyDay {
  userId: string;
  byEndpoint: Map<string, number[]>;
}

interface Day {
  keys: Map<string, KeyDay>;
  /** Its cells with calls. */
  cells: number;
}

/**
 * The counts of one API instance not written yet, by day, key and endpoint, then status class.
 * Counting a call of a cell seen before allocates nothing: the key's id and the endpoint are strings
 * the caller holds already (its key cache, its route), whose hashes are kept with them, where a key
 * joined per call would be a new string to hash each time (measured: 25–50 ns a call against 160–320).
 * Bounded: past `maxCells` cells with calls (PostgreSQL away for long) the oldest day's cells make
 * room, or, when the call is of the oldest day itself, the call is not kept; either way what went is
 * added to `dropped`.
 */
export class BreakdownCells {
  private days = new Map<number, Day>();
  private cells = 0;
  /** The day of the last call: a day's calls find it without a lookup. */
  private lastDay = Number.NaN;
  private lastDayCells: Day | undefined;
  private droppedCalls = 0;

  constructor(private readonly maxCells: number) {}

  get size(): number {
    return this.cells;
  }

  add(
    userId: string,
    keyId: string,
    day: number,
    endpoint: string,
    statusClass: StatusClass,
    calls: number,
  ): void {
    const index = CLASS_INDEX[statusClass];
    const counts = this.dayOf(day).keys.get(keyId)?.byEndpoint.get(endpoint);
    if (counts !== undefined && counts[index] > 0) {
      counts[index] += calls;
      return;
    }
    if (this.cells >= this.maxCells && !this.makeRoomFor(day)) {
      this.droppedCalls += calls;
      return;
    }
    // Looked up again: making room may have dropped what was found.
    const cellsOfDay = this.dayOf(day);
    let key = cellsOfDay.keys.get(keyId);
    if (key === undefined) {
      key = { userId, byEndpoint: new Map() };
      cellsOfDay.keys.set(keyId, key);
    }
    let ofEndpoint = key.byEndpoint.get(endpoint);
    if (ofEndpoint === undefined) {
      ofEndpoint = [0, 0, 0, 0];
      key.byEndpoint.set(endpoint, ofEndpoint);
    }
    ofEndpoint[index] = calls;
    cellsOfDay.cells++;
    this.cells++;
  }

  /** Every cell with calls, the counting starting again from none. */
  take(): BreakdownCell[] {
    const taken: BreakdownCell[] = [];
    for (const [day, { keys }] of this.days)
      for (const [keyId, { userId, byEndpoint }] of keys)
        for (const [endpoint, counts] of byEndpoint)
          counts.forEach((calls, index) => {
            if (calls > 0)
              taken.push({ userId, keyId, day, endpoint, statusClass: STATUS_CLASSES[index], calls });
          });
    this.days = new Map();
    this.cells = 0;
    this.lastDay = Number.NaN;
    this.lastDayCells = undefined;
    return taken;
  }

  /** Cells taken and not written (PostgreSQL refused them): added to what was counted since. */
  restore(cells: readonly BreakdownCell[]): void {
    for (const c of cells) this.add(c.userId, c.keyId, c.day, c.endpoint, c.statusClass, c.calls);
  }

  /** The calls dropped since the last time this was asked. */
  takeDropped(): number {
    const dropped = this.droppedCalls;
    this.droppedCalls = 0;
    return dropped;
  }

  private dayOf(day: number): Day {
    if (day === this.lastDay) return this.lastDayCells!;
    let found = this.days.get(day);
    if (found === undefined) {
      found = { keys: new Map(), cells: 0 };
      this.days.set(day, found);
    }
    this.lastDay = day;
    this.lastDayCells = found;
    return found;
  }

  /** Drops the oldest day's cells when it is older than `day`: whether there is room now. */
  private makeRoomFor(day: number): boolean {
    let oldest = day;
    for (const [known, { cells }] of this.days) if (known < oldest && cells > 0) oldest = known;
    if (oldest === day) return false;
    const dropped = this.days.get(oldest)!;
    for (const { byEndpoint } of dropped.keys.values())
      for (const counts of byEndpoint.values()) for (const calls of counts) this.droppedCalls += calls;
    this.cells -= dropped.cells;
    this.days.delete(oldest);
    if (this.lastDay === oldest) {
      this.lastDay = Number.NaN;
      this.lastDayCells = undefined;
    }
    return true;
  }
}
