import type { TSchema } from '@sinclair/typebox';
import type { ApiKeyScope, PublicEndpoint } from '@fxrates/domain';
import type { RatesTable } from '@fxrates/rates';
import type { JsonWriter, RouteSchema } from '../../common/openapi';
import type { Query } from '../../common/input';
import type { ResolvedKey } from '../keys';
import type { PooledBytes } from '../history';
import type { HttpAnswer, StreamedBody, PushedBody } from '../../common/http';
import type { IncomingHttpHeaders } from 'node:http';

/** A response body: JSON text, or its bytes in a pooled buffer when built as bytes (time series). */
export type JsonBody = string | PooledBytes;

/**
 * An answer whose body is streamed (an export: CSV, NDJSON; or pushed: the rate stream), or its 304:
 * status, its own headers (media type, validators, caching) and the body, made only once metering
 * has let the call through.
 */
export class StreamedAnswer {
  constructor(
    readonly status: 200 | 304,
    readonly headers: Readonly<Record<string, string>>,
    readonly body: StreamedBody | PushedBody,
  ) {}

  /** Nothing to give back when the call is refused: the body is not made before it is sent. */
  release(): void {}

  /** The answer, with `headers` (the rate-limit headers of this call) joined by its own. */
  answer(headers: Record<string, string>): HttpAnswer {
    return { status: this.status, headers: Object.assign(headers, this.headers), body: this.body };
  }
}

/** What a route answers: JSON, or (an export) a streamed body. */
export type RouteBody = JsonBody | StreamedAnswer;

export const PUBLIC_API_PREFIX = '/api/v1';

export interface PublicRouteContext {
  query: Query;
  /** Path parameters, e.g. `date` of /rates/historical/:date. */
  params: Record<string, string>;
  key: ResolvedKey;
  table: RatesTable;
  now: number;
  /** The request's headers: what a route that negotiates (Accept) or validates (If-None-Match) reads. */
  headers: IncomingHttpHeaders;
  /** The path and query string as sent. */
  target: string;
  /** The request id (X-Request-Id). */
  id: string;
}

/**
 * What a /api/v1 route says of itself in the OpenAPI document; what every such route shares (its
 * tag, the API key, the refusals of a key and of metering, the rate-limit headers) is added from
 * the route's `metered` by public-api.openapi.ts.
 */
export interface PublicRouteSchema extends Pick<
  RouteSchema,
  'operationId' | 'summary' | 'description' | 'query' | 'params' | 'problems'
> {
  /** The body of a 200. */
  body: TSchema;
  /** Other media types a 200 can come in (exports), and the headers only they carry. */
  alternateMedia?: RouteSchema['ok']['alternateMedia'];
  ownHeaders?: RouteSchema['ok']['ownHeaders'];
  /** The media type of a 200 that is not JSON (a stream); `body` then describes its events' data. */
  media?: string;
  /** Request headers the route reads (Last-Event-ID). */
  headerParameters?: RouteSchema['headerParameters'];
}

/**
 * How long a route's 200 may be reused (its Cache-Control; cache-policy.ts): made of the current
 * rates; made of daily closes up to a day (`historical`'s date, a period's end), and then also kept
 * by the closes cache; or a fixed policy.
 */
export type RouteCaching =
  | { made: 'current-rates' }
  | { made: 'closes'; lastDay(context: PublicRouteContext): string }
  | { made: 'fixed'; cacheControl: string };

/** One /api/v1 endpoint: what it answers, and whether a plan gates it and a call is metered. */
export interface PublicRoute {
  path: string;
  /** Its OpenAPI operation is generated from this. */
  schema: PublicRouteSchema;
  /**
   * What writes its JSON 200, compiled from `schema.body` (the schema the OpenAPI document shows):
   * the document and the answer cannot drift apart. Absent for a route that answers no JSON body.
   */
  writer?: JsonWriter;
  /** Plan gate: only plans listing this endpoint may call it. */
  endpoint?: PublicEndpoint;
  /** What a key's scopes must include to call it. */
  scope: ApiKeyScope;
  metered: boolean;
  caching: RouteCaching;
  /** Vary of its answers, when they depend on more than the key and Accept-Encoding (Accept). */
  vary?: string;
  /**
   * Whether this request asks for a streamed export (format or Accept): never kept by the closes
   * cache, whose entries are JSON. May throw the problem of a format it cannot answer.
   */
  exports?(query: Query, headers: IncomingHttpHeaders): boolean;
  /**
   * The answer depends only on the rates table, the query, the caller's plan and the clock to the
   * second: a 200 is remembered per table and reused within the second for the same query and plan.
   * Such a route answers with text (a pooled body is given back once sent, so it cannot be reused).
   */
  memoised?: boolean;
  /**
   * The JSON of a 200 response, as text or ASCII bytes, or a streamed answer (an export, never
   * memoised); throws AppException for a 4xx or 5xx.
   */
  handle(context: PublicRouteContext): RouteBody | Promise<RouteBody>;
}
