import { ErrorCode, type MetalUnit } from '@fxrates/domain';
import { AppException } from '../../common/errors';
import { parseConvertQuery, type Query } from '../../common/input';
import { parseDay } from '../history';
import { jsonNumberText, MAX_REF_LENGTH, ROW_FIELDS, type BatchRowFields } from './batch-body';

/** What a row converts at: the current table, a day's closes, or a fixing. */
export type RowAt =
  { kind: 'now' } | { kind: 'day'; day: string } | { kind: 'fixing'; id: string; cut: string; day: string };

/** A row whose members are well formed: codes of the catalogue, a plain decimal amount. */
export interface BatchRow {
  from: string;
  to: string;
  /** The amount exactly as sent (a plain non-negative decimal of at most 1e15). */
  amount: string;
  unit: MetalUnit;
  at: RowAt;
  /** How the answer names `at`: "now", the day, or the fixing id. */
  atText: string;
}

/** `fix_<CUT>_<YYYYMMDD>`: a fixing's id (libs/db fixings). */
const FIXING_ID = /^fix_([A-Z][A-Z0-9]{1,15})_(\d{4})(\d{2})(\d{2})$/;
const DAY_LIKE = /^\d{4}-\d{2}-\d{2}$/;

const invalid = (message: string) => new AppException(ErrorCode.ValidationFailed, message);

/** The row's `ref` when it is one to echo: a string of at most MAX_REF_LENGTH characters. */
export function refOf(fields: BatchRowFields): string | undefined {
  const { ref } = fields;
  return typeof ref === 'string' && ref.length <= MAX_REF_LENGTH ? ref : undefined;
}

/**
 * A row's members checked as GET /api/v1/convert checks its query (the same codes and order: unknown
 * members, from, to, amount, unit), then `ref` and `at`; throws the row's problem.
 */
export function parseBatchRow(fields: BatchRowFields): BatchRow {
  for (const name of Object.keys(fields)) {
    if (!(ROW_FIELDS as readonly string[]).includes(name))
      throw invalid(`Unknown field "${name.slice(0, 64)}" in the row; a row has ${ROW_FIELDS.join(', ')}.`);
  }
  const query: Query = {};
  for (const name of ['from', 'to', 'amount', 'unit'] as const) {
    const value = fields[name];
    if (value === undefined) continue;
    const number = jsonNumberText(value);
    if (typeof value === 'string') query[name] = value;
    else if (name === 'amount' && number !== undefined) query.amount = number;
    else if (name === 'amount')
      throw new AppException(
        ErrorCode.InvalidAmount,
        '"amount" must be a non-negative decimal number such as 100 or 12.5, as a JSON number or a string.',
      );
    else throw invalid(`"${name}" must be a string.`);
  }
  if (query.from === undefined) throw missing('from');
  if (query.to === undefined) throw missing('to');
  if (query.amount === undefined) throw missing('amount');
  const { from, to, amount, unit } = parseConvertQuery(query);
  if (fields.ref !== undefined && refOf(fields) === undefined)
    throw invalid(`"ref" must be a string of at most ${MAX_REF_LENGTH} characters.`);
  const { at, atText } = parseAt(fields.at);
  return { from, to, amount, unit, at, atText };
}

const missing = (name: string) =>
  new AppException(ErrorCode.MissingParameter, `Field "${name}" is required in every row.`);

/** `at`: absent or "now", a day YYYY-MM-DD, or a fixing id. */
function parseAt(value: unknown): { at: RowAt; atText: string } {
  if (value === undefined || value === 'now') return { at: { kind: 'now' }, atText: 'now' };
  if (typeof value === 'string') {
    if (DAY_LIKE.test(value)) return { at: { kind: 'day', day: parseDay(value, 'at') }, atText: value };
    const fixing = FIXING_ID.exec(value);
    if (fixing) {
      const [, cut, year, month, day] = fixing;
      const date = parseDay(`${year}-${month}-${day}`, 'at');
      return { at: { kind: 'fixing', id: value, cut, day: date }, atText: value };
    }
  }
  throw invalid(
    '"at" must be "now", a day as YYYY-MM-DD (its closing rates) or a fixing id such as fix_LDN1600_20261130.',
  );
}
