import { FxRatesError } from './errors';
import { verifyFixing, type FixingJwks, type FixingVerification } from './verify-fixing';

/** Where the API publishes its fixing keys, at the origin (RFC 8615), outside /api/v1. */
export const JWKS_PATH = '/.well-known/jwks.json';

/** After a kid the kept JWKS lacks, the shortest wait before asking for the set again. */
const JWKS_REFRESH_INTERVAL_MS = 60_000;

/**
 * The JWKS of one API, fetched once and kept: fixings are verified offline against it. A kid it lacks
 * (a key added by rotation since) makes it fetch the set again, at most once a minute; retired keys
 * stay in the set, so older fixings keep verifying.
 */
export function jwksCache(options: { fetch: (request: Request) => Promise<Response>; origin: string }) {
  let kept: Promise<FixingJwks> | undefined;
  let fetchedAt = 0;

  async function load(signal?: AbortSignal): Promise<FixingJwks> {
    const response = await options.fetch(
      new Request(`${options.origin}${JWKS_PATH}`, { headers: { Accept: 'application/json' }, signal }),
    );
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw new FxRatesError(response, body);
    if (!Array.isArray((body as Partial<FixingJwks> | undefined)?.keys))
      throw new TypeError(`${JWKS_PATH} did not answer a JSON Web Key Set`);
    return body as FixingJwks;
  }

  function get(signal?: AbortSignal): Promise<FixingJwks> {
    if (!kept) {
      fetchedAt = Date.now();
      kept = load(signal);
      // A failed fetch is not kept: the next call asks again.
      kept.catch(() => {
        kept = undefined;
      });
    }
    return kept;
  }

  return {
    get,
    /** Verifies against the kept set, fetching it again once if the fixing's kid is new. */
    async verify(fixing: unknown, signal?: AbortSignal): Promise<FixingVerification> {
      const first = await verifyFixing(fixing, await get(signal));
      if (first.valid || first.reason !== 'unknown-kid' || Date.now() - fetchedAt < JWKS_REFRESH_INTERVAL_MS)
        return first;
      kept = undefined;
      return verifyFixing(fixing, await get(signal));
    },
  };
}
