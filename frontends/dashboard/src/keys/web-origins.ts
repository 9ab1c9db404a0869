/** The scheme, host and optional port of an origin, with at most a trailing slash: no path, query or fragment. */
const ORIGIN_SHAPE = /^https?:\/\/[^/?#@*\s]+\/?$/i;

/** Hosts a page may be served from over plain http: the developer's own machine. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin a publishable key may answer, as the browser sends it in `Origin` ("https://shop.example.com",
 * host lower-cased, default port dropped), or null when `text` is not one: https, or http on the
 * local machine only (a page served over plain http elsewhere would expose the key on the wire).
 */
export function allowedOriginOf(text: string): string | null {
  if (!ORIGIN_SHAPE.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
  return secure ? url.origin : null;
}
