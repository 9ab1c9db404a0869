import { ErrorCode } from '@fxrates/domain';
import { RATE_LIMIT_HEADER_NAMES, type DocumentedRoute } from '../../common/openapi';
import { KEY_REFUSALS } from '../keys';
import type { PublicRoute } from './public-route';

/** The tag of every /api/v1 operation served with an API key. */
export const PUBLIC_API_TAG = 'rates';

/** What any call with a key can be refused for, before its own checks: the key, or a parameter. */
const KEY_PROBLEMS = [...KEY_REFUSALS, ErrorCode.ValidationFailed];
/**
 * What a metered call can be refused for: the second's burst, the month's quota, the key's own cap,
 * or no count (Redis away).
 */
const METERED_PROBLEMS = [
  ErrorCode.RateLimited,
  ErrorCode.QuotaExceeded,
  ErrorCode.KeyCapReached,
  ErrorCode.ServiceUnavailable,
];

/**
 * A /api/v1 route's full schema: its own (PublicRoute.schema) and what every call with a key shares,
 * as PublicApiRoutes serves it: the key checked first, a metered call counted and its 200 carrying the
 * rate-limit headers, every 200 its ETag, Cache-Control and Vary (and Content-Encoding when
 * compressed), and an If-None-Match naming the current ETag a 304.
 */
export function documentedPublicRoute(route: PublicRoute): DocumentedRoute {
  // The type requires a schema; this says which route lacks one should a cast hide it.
  if (!route.schema) throw new Error(`${route.path} is in the /api/v1 table without a schema`);
  const { body, problems, alternateMedia, ownHeaders, media, ...own } = route.schema;
  const rateLimits = route.metered ? RATE_LIMIT_HEADER_NAMES : [];
  return {
    path: route.path,
    schema: {
      ...own,
      tag: PUBLIC_API_TAG,
      security: ['apiKey'],
      ok: media
        ? // A stream: no validators, no compression, nothing to answer 304 for.
          {
            description: 'OK; the stream is counted as one call now and one per started hour',
            body,
            media,
            headers: [...rateLimits, 'Cache-Control'],
          }
        : {
            description: route.metered ? 'OK; counted against your monthly quota' : 'OK; not metered',
            body,
            headers: [...rateLimits, 'Cache-Control', 'ETag', 'Vary', 'Content-Encoding'],
            notModified: {
              description: route.metered
                ? 'Not Modified: your If-None-Match names the current answer. Counted like the 200 it replaces: it spares the body, not the call'
                : 'Not Modified: your If-None-Match names the current answer',
              headers: [...rateLimits, 'Cache-Control', 'ETag', 'Vary'],
            },
            alternateMedia,
            ownHeaders,
          },
      problems: [...KEY_PROBLEMS, ...(route.metered ? METERED_PROBLEMS : []), ...problems],
    },
  };
}
