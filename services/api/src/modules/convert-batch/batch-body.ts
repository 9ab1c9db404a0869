import { ErrorCode } from '@fxrates/domain';
import { AppException } from '../../common/errors';

/** The most rows one batch converts. */
export const MAX_BATCH_ROWS = 1_000;
/** Rows one metered call covers: 1–100 rows are one call, 101–200 two, … 1,000 ten. */
export const ROWS_PER_CALL = 100;
/**
 * The largest batch body: 1,000 rows of the longest fields (a 128-character `ref`, a 64-digit
 * amount, a fixing id) come to about 300 KB; the rest is room for whitespace. Within the ingress's
 * 1 MiB (deploy/k8s/ingress.yaml).
 */
export const BATCH_BODY_LIMIT_BYTES = 512 * 1024;
/** The longest `ref` echoed back. */
export const MAX_REF_LENGTH = 128;

/** The members a row may have. */
export const ROW_FIELDS = ['ref', 'amount', 'from', 'to', 'at', 'unit'] as const;

/** Metered calls a batch of `rows` rows counts as. */
export const callsFor = (rows: number): number => Math.ceil(rows / ROWS_PER_CALL);

/** A number of the body, as written: its very digits, never a float. */
class JsonNumber {
  constructor(readonly text: string) {}
}

/** The number a member of the body holds, as written (its very digits, never a float), or undefined. */
export function jsonNumberText(value: unknown): string | undefined {
  return value instanceof JsonNumber ? value.text : undefined;
}

/** One row as sent: its members, numbers kept as written (jsonNumberText). */
export type BatchRowFields = Readonly<Record<string, unknown>>;

const malformed = (message: string) => new AppException(ErrorCode.ValidationFailed, message);

const SHAPE = `Send {"rows": [{"ref": "inv-1", "amount": "100", "from": "USD", "to": "EUR", "at": "now"}, …]} with 1 to ${MAX_BATCH_ROWS.toLocaleString('en-US')} rows.`;

/**
 * The rows of a batch body, or throws the 400 of a body that is no batch: not an object with
 * `rows` (and nothing else), `rows` not an array of 1 to MAX_BATCH_ROWS objects. A row's own
 * members are not checked here: a bad row is that row's problem, never the batch's.
 *
 * Read again from the raw bytes (the JSON body parser has already refused what is not JSON, too
 * deep, or carries `__proto__`), keeping each number's source text: an amount written as a JSON
 * number is converted with exactly the digits sent, however many.
 */
export function batchRowsOf(raw: Buffer | undefined): BatchRowFields[] {
  if (raw === undefined || raw.length === 0) throw malformed(`The body is empty. ${SHAPE}`);
  const body: unknown = JSON.parse(raw.toString('utf8').replace(/^\uFEFF/, ''), numbersAsWritten);
  if (body === null || typeof body !== 'object' || Array.isArray(body) || jsonNumberText(body) !== undefined)
    throw malformed(`The body must be a JSON object with "rows". ${SHAPE}`);
  const other = Object.keys(body).find((name) => name !== 'rows');
  if (other !== undefined) throw malformed(`Unknown field "${other.slice(0, 64)}" in the body. ${SHAPE}`);
  const { rows } = body as { rows?: unknown };
  if (!Array.isArray(rows)) throw malformed(`"rows" must be an array of rows. ${SHAPE}`);
  if (rows.length === 0 || rows.length > MAX_BATCH_ROWS) {
    throw malformed(
      `"rows" has ${rows.length.toLocaleString('en-US')} rows; a batch has 1 to ${MAX_BATCH_ROWS.toLocaleString('en-US')}. Split it.`,
    );
  }
  const notObject = rows.findIndex(
    (row) =>
      row === null || typeof row !== 'object' || Array.isArray(row) || jsonNumberText(row) !== undefined,
  );
  if (notObject !== -1) throw malformed(`Row ${notObject} is not an object. ${SHAPE}`);
  return rows as BatchRowFields[];
}

/** What JSON.parse passes a reviver beside the value (TC39 "JSON.parse source text access", Node 21+). */
interface ReviverContext {
  source?: string;
}

/** Each number as its source text, so an amount is converted with exactly the digits sent. */
function numbersAsWritten(this: unknown, _key: string, value: unknown, context?: ReviverContext): unknown {
  return typeof value === 'number' && context?.source !== undefined ? new JsonNumber(context.source) : value;
}
