import type { NumbersFormat, PlanId } from '@fxrates/domain';
import { pairRateText, RateUnavailableError, type RatesTable } from '@fxrates/rates';
import { sseEvent, type StreamTopic } from '../streams';
import { compileWriter } from '../../common/openapi';
import { provenanceOf, ratesOf } from './rates-json';
import { RateEvent, SnapshotEvent } from './stream-events.schemas';

export const snapshotWriter = compileWriter(SnapshotEvent);
export const rateEventWriter = compileWriter(RateEvent);

/** What one stream asked for: a base, its symbols, in which number format, on which plan. */
export interface StreamRequest {
  plan: PlanId;
  base: string;
  symbols: readonly string[];
  numbers: NumbersFormat;
}

/**
 * `snapshot`: every requested rate as /rates/latest?base=…&symbols=… answers it (the same numbers
 * and provenance), plus `reset` (true when a Last-Event-ID could not be resumed). Its id is the
 * table's version.
 */
export function snapshotEvent(
  request: StreamRequest,
  table: RatesTable,
  now: number,
  reset: boolean,
): string {
  const { plan, base, symbols, numbers } = request;
  const provenance = provenanceOf(table, [base, ...symbols], plan, now);
  const rates = ratesOf(table, base, symbols);
  return sseEvent(
    'snapshot',
    snapshotWriter.write({ base, ...provenance, rates, reset }, numbers),
    table.version,
  );
}

/** The displayed rate, or undefined when the table lacks one of the two currencies. */
function rateText(table: RatesTable, base: string, symbol: string): string | undefined {
  try {
    return pairRateText(table, base, symbol);
  } catch (error) {
    if (error instanceof RateUnavailableError) return undefined;
    throw error;
  }
}

/** The source of a currency's value in a table: a change of source is a change of the pair. */
function sourceOf(table: RatesTable, code: string): string | undefined {
  return table.provenance.get(code)?.source;
}

/**
 * A `rate` event for each requested pair whose displayed rate or source differs between the two
 * tables, with the pair's provenance as /rates/latest?base=…&symbols=<symbol> gives it. A value a
 * source confirmed again (same rate, newer timestamp) is no change: the next event or snapshot
 * carries the newer timestamp. Only the
 * last carries an id (the new table's version): a client cut off within the batch resumes from the
 * table before it and is sent the whole batch again, never half of it.
 */
export function changeEvents(
  request: StreamRequest,
  table: RatesTable,
  previous: RatesTable,
  now: number,
): string | undefined {
  const { plan, base, symbols, numbers } = request;
  const baseMoved = sourceOf(table, base) !== sourceOf(previous, base);
  const changed: string[] = [];
  for (const symbol of symbols) {
    const rate = rateText(table, base, symbol);
    if (rate === undefined) continue;
    const same =
      rate === rateText(previous, base, symbol) && sourceOf(table, symbol) === sourceOf(previous, symbol);
    if (same && !baseMoved) continue;
    const provenance = provenanceOf(table, [base, symbol], plan, now);
    changed.push(rateEventWriter.write({ base, symbol, rate, ...provenance }, numbers));
  }
  if (changed.length === 0) return undefined;
  const last = changed.length - 1;
  return changed.map((data, i) => sseEvent('rate', data, i === last ? table.version : undefined)).join('');
}

/** The topic of every stream asking the same: its changes are written once for all of them. */
export function streamTopic(request: StreamRequest): StreamTopic {
  return {
    id: `${request.plan}|${request.base}|${request.symbols.join(',')}|${request.numbers}`,
    changes: (table, previous, now) => changeEvents(request, table, previous, now),
  };
}

/**
 * The first text of a stream: a snapshot; or, resuming from `lastEventId` (a table version), the
 * changes since that table when this instance served it within the resume window (nothing when it
 * is the current one), else a snapshot with `reset: true`.
 */
export function openingEvents(
  request: StreamRequest,
  table: RatesTable,
  now: number,
  lastEventId: string | undefined,
  tableOf: (version: string, now: number) => RatesTable | undefined,
): string {
  if (lastEventId === undefined) return snapshotEvent(request, table, now, false);
  if (lastEventId === table.version) return '';
  const known = tableOf(lastEventId, now);
  if (!known) return snapshotEvent(request, table, now, true);
  return changeEvents(request, table, known, now) ?? '';
}
