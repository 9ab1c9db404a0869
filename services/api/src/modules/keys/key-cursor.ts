import { ErrorCode } from '@fxrates/domain';
import { AppException } from '../../common/app-exception';

/** Where a page of keys (newest first: by creation time, then id) ends; the next page starts after it. */
export interface KeyCursor {
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
 * change without breaking them. Keys are created with millisecond times, which the cursor keeps.
 */
export function encodeKeyCursor(key: KeyCursor): string {
  return Buffer.from(`${key.createdAt.getTime()}.${key.id}`).toString('base64url');
}

/** The cursor's position, or 400 `invalid-cursor` for anything encodeKeyCursor did not make. */
export function decodeKeyCursor(cursor: string): KeyCursor {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) throw invalidCursor();
  const [ms, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  const time = Number(ms);
  if (rest.length || !/^\d{1,15}$/.test(ms ?? '') || !Number.isSafeInteger(time) || !UUID.test(id ?? '')) {
    throw invalidCursor();
  }
  return { createdAt: new Date(time), id: id.toLowerCase() };
}
