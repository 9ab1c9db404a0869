import { Injectable } from '@nestjs/common';
import { FixingsRepository, type FixingRow } from '@fxrates/db';
import { ErrorCode, planAllowsEndpoint, type NumbersFormat, type PublicEndpoint } from '@fxrates/domain';
import { crossRate, RateDecimal, type RatesTable } from '@fxrates/rates';
import { LRUCache } from 'lru-cache';
import { AppException, STATUS_BY_CODE, TITLE_BY_CODE } from '../../common/errors';
import {
  isDatabaseUnreachable,
  isStoreOutage,
  noteDatabaseUnreachable,
  serviceUnavailable,
  storeUnavailable,
} from '../../common/resilience';
import { CurrentRates } from '../current-rates';
import {
  assertClosesHeld,
  closeSources,
  closeTimestampOf,
  notInFuture,
  RateHistory,
  sourcesInOrder,
  type DailyClose,
} from '../history';
import type { ResolvedKey } from '../keys';
import { assertCurrenciesInPlan, assertEndpointInPlan } from '../plans';
import { convertAmount, provenanceOf, type RatesProvenance } from '../public-api';
import { refOf, parseBatchRow, type BatchRow } from './batch-row';
import type { BatchRowFields } from './batch-body';
import { RESULT_WRITER } from './convert-batch.schemas';

/** What a row at a fixing needs of the plan: what GET /api/v1/fixings needs. */
const FIXING_ENDPOINT: PublicEndpoint = 'fixings';

/** Fixings found, by id: they never change once made, so any instance may keep them. */
const FIXINGS_KEPT = 2_000;
/**
 * Fixings one batch reads from PostgreSQL at a time: a batch may name a thousand, and the pool is
 * every other request's too.
 */
const FIXING_READS_AT_ONCE = 4;

/** Where a row's rates come from; at a day on a weekend or holiday, also the day of the oldest close. */
type RowProvenance = RatesProvenance & { carriedForwardFrom?: string };

/** A past table a row converts on: a day's closes or a fixing, with where its rates come from. */
interface PastTable {
  table: RatesTable;
  /** A day's closes (absent for a fixing): what a row checks it holds its currencies. */
  close?: DailyClose;
  /** The provenance members of a row converting `codes` on it. */
  provenance(codes: readonly string[], now: number): RowProvenance;
}

/** The answer to a batch: its JSON, and how many rows were converted and refused. */
export interface ConvertedBatch {
  /** The members of the answer's `results`, each as JSON, in the order of the rows. */
  results: string[];
  ok: number;
  failed: number;
}

/**
 * Converts the rows of a batch, each as GET /api/v1/convert would (exact decimals, half-even to the
 * pair's decimals) at the current table, a day's closes (as /rates/historical) or a fixing. A row
 * that GET would refuse is answered with that problem in its place; the others are converted all
 * the same. Each day's closes and each fixing are read once per batch, however many rows use them.
 */
@Injectable()
export class ConvertBatchService {
  private readonly fixings = new LRUCache<string, PastTable>({ max: FIXINGS_KEPT });

  constructor(
    private readonly rates: CurrentRates,
    private readonly history: RateHistory,
    private readonly fixingRows: FixingsRepository,
  ) {}

  async convert(
    rows: readonly BatchRowFields[],
    key: ResolvedKey,
    now: number,
    numbers: NumbersFormat,
  ): Promise<ConvertedBatch> {
    const current = key.kind === 'test' ? this.rates.bundled : this.rates.current;
    const pastTables = new Map<string, Promise<PastTable>>();
    const crossRates = new CrossRates();
    const fixingRead = limited(FIXING_READS_AT_ONCE);
    const parsed = rows.map((fields) => {
      try {
        return parseBatchRow(fields);
      } catch (error) {
        return refusal(error);
      }
    });
    // Every past table the rows need, read at once (a day's closes from the in-process store, a fixing
    // from PostgreSQL), so rows wait on none one by one.
    for (const row of parsed) {
      if (row instanceof AppException || row.at.kind === 'now') continue;
      if (!planAllowsEndpoint(key.plan, row.at.kind === 'day' ? 'historical' : FIXING_ENDPOINT)) continue;
      const id = row.atText;
      if (!pastTables.has(id)) {
        const { at } = row;
        const read = at.kind === 'day' ? this.closesOn(at.day, now) : fixingRead(() => this.fixing(at.id));
        read.catch(() => undefined); // awaited by each row that needs it
        pastTables.set(id, read);
      }
    }
    const results: string[] = [];
    let ok = 0;
    for (let index = 0; index < rows.length; index++) {
      const row = parsed[index];
      const ref = refOf(rows[index]);
      try {
        if (row instanceof AppException) throw row;
        results.push(
          await this.converted(row, index, ref, key, now, numbers, current, pastTables, crossRates),
        );
        ok++;
      } catch (error) {
        results.push(problemRow(index, ref, refusal(error)));
      }
    }
    return { results, ok, failed: rows.length - ok };
  }

  private async converted(
    row: BatchRow,
    index: number,
    ref: string | undefined,
    key: ResolvedKey,
    now: number,
    numbers: NumbersFormat,
    current: RatesTable,
    pastTables: ReadonlyMap<string, Promise<PastTable>>,
    crossRates: CrossRates,
  ): Promise<string> {
    const { from, to, amount, unit, at, atText } = row;
    if (at.kind !== 'now') assertEndpointInPlan(key.plan, at.kind === 'day' ? 'historical' : FIXING_ENDPOINT);
    assertCurrenciesInPlan(key.plan, [from, to]);
    const past = at.kind === 'now' ? undefined : await pastTables.get(atText);
    if (past?.close && at.kind === 'day')
      await assertClosesHeld(this.history, past.close, at.day, [from, to]);
    if (past && at.kind === 'fixing') assertFixingHolds(past, at.id, [from, to]);
    const table = past?.table ?? current;
    const converted = convertAmount(table, from, to, amount, unit, () => crossRates.of(table, from, to));
    const provenance: RowProvenance = past
      ? past.provenance([from, to], now)
      : provenanceOf(table, [from, to], key.plan, now);
    return RESULT_WRITER.write(
      {
        index,
        ref,
        at: atText,
        ...converted,
        timestamp: provenance.timestamp,
        date: provenance.date,
        carriedForwardFrom: provenance.carriedForwardFrom,
        source: provenance.source,
        stale: provenance.stale,
        marketClosed: provenance.marketClosed,
      },
      numbers,
    );
  }

  /** A day's closes as GET /api/v1/rates/historical/{day} reads them; 404 when there are none near it. */
  private async closesOn(day: string, now: number): Promise<PastTable> {
    notInFuture(day, 'at', now);
    const close = await this.history.closeOn(day);
    if (!close) throw await this.history.unavailable(undefined, day);
    return closesTable(close, day);
  }

  /** A fixing by id, kept once found (fixings are immutable); 404 when there is none. */
  private async fixing(id: string): Promise<PastTable> {
    const kept = this.fixings.get(id);
    if (kept) return kept;
    const row = await this.fixingRows.findById(id);
    if (!row) {
      throw new AppException(
        ErrorCode.FixingNotFound,
        `No fixing ${id} is stored: a fixing is made at each configured cut (fix_<CUT>_<YYYYMMDD>), from the day it was configured on.`,
      );
    }
    const table = fixingTable(row);
    this.fixings.set(id, table);
    return table;
  }
}

/**
 * Each pair's cross rate on each table of one batch, divided once: a ledger converts many amounts
 * of few pairs, and the 40-digit division costs more than the rest of a row.
 */
class CrossRates {
  private readonly byTable = new Map<RatesTable, Map<string, RateDecimal>>();

  /** crossRate(table, from, to); throws as it does for a currency the table lacks. */
  of(table: RatesTable, from: string, to: string): RateDecimal {
    let rates = this.byTable.get(table);
    if (!rates) this.byTable.set(table, (rates = new Map()));
    const pair = `${from}|${to}`;
    let rate = rates.get(pair);
    if (rate === undefined) rates.set(pair, (rate = crossRate(table, from, to)));
    return rate;
  }
}

/** A day's closes as a table, and the provenance /rates/historical gives them. */
function closesTable(close: DailyClose, day: string): PastTable {
  const table: RatesTable = {
    version: `closes:${close.day}`,
    source: '',
    date: close.day,
    timestamp: '',
    perUsd: close.perUsd,
    provenance: new Map(),
  };
  const every = sourcesInOrder(new Set([...close.closes.values()].map(({ source }) => source)));
  return {
    table,
    close,
    provenance(codes, now) {
      const { used, oldest = close.day } = closeSources(close, codes);
      // A weekend or holiday: the market was closed that day, and a close is from a day before.
      const carried = oldest !== day;
      return {
        timestamp: closeTimestampOf(oldest, [...used], now),
        date: day,
        carriedForwardFrom: carried ? oldest : undefined,
        source: used.size > 0 ? sourcesInOrder(used) : every,
        stale: false,
        marketClosed: carried,
      };
    },
  };
}

/** A fixing's frozen table, and the provenance of its rates: final, never stale. */
function fixingTable(row: FixingRow): PastTable {
  const perUsd = new Map<string, RateDecimal>();
  for (const [code, rate] of Object.entries(row.rates)) perUsd.set(code, new RateDecimal(rate));
  const provenance = new Map(Object.entries(row.provenance));
  const cutAt = row.cutAt.toISOString();
  const table: RatesTable = {
    version: row.tableVersion,
    source: [...new Set([...provenance.values()].map(({ source }) => source))].join(','),
    date: row.day,
    timestamp: cutAt,
    perUsd,
    provenance,
  };
  return {
    table,
    provenance(codes) {
      const origins = codes.flatMap((code) => provenance.get(code) ?? []);
      const oldest = origins.reduce<(typeof origins)[number] | undefined>(
        (found, origin) => (found === undefined || origin.timestamp < found.timestamp ? origin : found),
        undefined,
      );
      const sources = [...new Set(origins.map(({ source }) => source))];
      return {
        timestamp: oldest?.timestamp ?? cutAt,
        date: oldest?.date ?? row.day,
        source: sources.length > 0 ? sources : table.source.split(','),
        stale: false,
        marketClosed: false,
      };
    },
  };
}

/** 404 when a fixing holds no rate of one of the row's currencies (a currency added after it). */
function assertFixingHolds(past: PastTable, id: string, codes: readonly string[]): void {
  const without = codes.find((code) => code !== 'USD' && !past.table.perUsd.has(code));
  if (without !== undefined)
    throw new AppException(ErrorCode.HistoryUnavailable, `The fixing ${id} holds no ${without} rate.`);
}

/**
 * A row's failure as its problem: a refusal, or PostgreSQL or Redis away (503, as a GET would answer,
 * the other rows answered all the same). Anything else is a bug, and fails the batch.
 */
function refusal(error: unknown): AppException {
  if (error instanceof AppException) return error;
  if (isStoreOutage(error)) return storeUnavailable(error);
  if (isDatabaseUnreachable(error)) {
    noteDatabaseUnreachable(error);
    return serviceUnavailable();
  }
  throw error;
}

/** Runs at most `most` of the tasks given to it at a time, the others in the order they came. */
function limited(most: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= most) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** A refused row: its index, ref and the RFC 9457 members of the problem GET would have answered. */
function problemRow(index: number, ref: string | undefined, error: AppException): string {
  return JSON.stringify({
    index,
    ref,
    problem: {
      type: `/problems/${error.code}`,
      title: TITLE_BY_CODE[error.code],
      status: STATUS_BY_CODE[error.code],
      detail: error.detail ?? error.message,
      code: error.code,
      message: error.message,
      ...error.extensions,
    },
  });
}
