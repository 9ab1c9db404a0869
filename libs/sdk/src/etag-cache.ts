/** The cache of the answers a client may revalidate: `ETag` and body per URL and key. */
interface Entry {
  etag: string;
  body: string;
  contentType: string;
}

/** Answers made from the cache after a 304: the same body, the 304's fresh headers. */
const revalidated = new WeakSet<Response>();

/** Whether `response` was served from the client's cache after the API answered 304 Not Modified. */
export function isRevalidated(response: Response): boolean {
  return revalidated.has(response);
}

/**
 * A fetch that revalidates GETs it has an answer for with `If-None-Match`, and turns the API's 304 into
 * that answer again, with the 304's own headers (its request id and rate-limit state are the new ones).
 * Only answers with an `ETag` that a cache may keep (no `Cache-Control: no-store`) are kept, so it does
 * nothing while the API sends no ETag. A call that sets If-None-Match itself is left alone.
 */
export function etagCaching(fetch: (request: Request) => Promise<Response>, maxEntries: number) {
  const entries = new Map<string, Entry>();
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'GET' || request.headers.has('if-none-match')) return fetch(request);
    // Answers depend on the key's plan: one key's answer is never another's.
    const key = `${request.headers.get('x-api-key') ?? ''} ${request.url}`;
    const known = entries.get(key);
    let sent = request;
    if (known) {
      const headers = new Headers(request.headers);
      headers.set('If-None-Match', known.etag);
      sent = new Request(request, { headers });
    }
    const response = await fetch(sent);
    if (known && response.status === 304) {
      // Most recently used last: the oldest is the first evicted.
      entries.delete(key);
      entries.set(key, known);
      const headers = new Headers(response.headers);
      headers.set('Content-Type', known.contentType);
      headers.set('ETag', response.headers.get('etag') ?? known.etag);
      const answer = new Response(known.body, { status: 200, statusText: 'OK', headers });
      revalidated.add(answer);
      return answer;
    }
    const etag = response.headers.get('etag');
    const contentType = response.headers.get('content-type') ?? '';
    const storable = !/(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get('cache-control') ?? '');
    if (response.status === 200 && etag && storable && /json/i.test(contentType)) {
      entries.delete(key);
      entries.set(key, { etag, body: await response.clone().text(), contentType });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    } else if (response.status === 200) {
      entries.delete(key);
    }
    return response;
  };
}
