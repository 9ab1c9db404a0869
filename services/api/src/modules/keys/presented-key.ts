import type { IncomingHttpHeaders } from 'node:http';

/** The text a client must send when it sends no key: where the key goes, and where to get one. */
export const SEND_YOUR_KEY =
  'Send your API key in the X-API-Key header, or as Authorization: Bearer <key>. Create one in your dashboard.';

/**
 * The API key a request presents on the routes that take either form (webhook management, the MCP
 * server): the X-API-Key header, or else an `Authorization: Bearer <key>` token; undefined for none.
 */
export function presentedKey(headers: IncomingHttpHeaders): string | undefined {
  const header = headers['x-api-key'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader;
  return /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(headers.authorization ?? '')?.[1];
}
