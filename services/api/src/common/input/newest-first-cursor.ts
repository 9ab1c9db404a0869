import { ErrorCode } from '@fxrates/domain';
import { AppException } from '../errors';

/**
 * Where a page listed newest first (by a time, then id: API keys by creation, payments by capture)
 * ends; the next page starts after it.
 */
export interface NewestFirstCursor {
  createdAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalidCursor = () =>
  new AppException(
    ErrorCode.InvalidCursor,
    'This cursor is not one we gave out: pass the `next` of the page before, unchanged, or leave cursor out for the first page.',
  );

/**
 * Opaque to clients (base64url), so they pass it back as given and never build one: what it holds may
 * change without breaking them. Rows are written with millisecond times, which the cursor keeps.
 */
export function encodeNewestFirstCursor(row: NewestFirstCursor): string {
  return Buffer.from(`${row.createdAt.getTime()}.${row.id}`).toString('base64url');
}

/** The cursor's position, or 400 `invalid-cursor` for anything encodeNewestFirstCursor did not make. */
export function decodeNewestFirstCursor(cursor: string): NewestFirstCursor {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) throw invalidCursor();
  const [ms, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  const time = Number(ms);
  if (rest.length || !/^\d{1,15}$/.test(ms ?? '') || !Number.isSafeInteger(time) || !UUID.test(id ?? '')) {
    throw invalidCursor();
  }
  return { createdAt: new Date(time), id: id.toLowerCase() };
}
