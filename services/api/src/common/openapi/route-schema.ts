import { Type, type SchemaOptions, type TObject, type TSchema, type TUnsafe } from '@sinclair/typebox';
import type { ErrorCode } from '@fxrates/domain';
import type { HeaderObject, ParameterObject } from '@nestjs/swagger';

/*
 * The routes served outside Nest's controllers (DirectRoutes) describe themselves with TypeBox
 * (@sinclair/typebox): a TypeBox schema *is* the JSON Schema object the OpenAPI document shows, so
 * what a route declares is what a reader of the document sees, and `Static<typeof schema>` gives
 * the TypeScript type of the same thing. zod would need a converter in between. The 0.34 line is
 * kept rather than TypeBox 1.x (package `typebox`), which is ESM only: this service compiles to
 * CommonJS and supports Node versions that cannot require an ES module.
 */

/** A security scheme of the document (`components.securitySchemes`), by name. */
export type SecuritySchemeName = 'apiKey' | 'session' | 'bearer';

/** A header of `components.headers`, by name: what a successful answer carries. */
export type SharedHeaderName =
  | 'RateLimit-Policy'
  | 'RateLimit'
  | 'X-RateLimit-Limit'
  | 'X-RateLimit-Remaining'
  | 'X-RateLimit-Reset'
  | 'Cache-Control'
  | 'ETag'
  | 'Vary'
  | 'Content-Encoding';

/**
 * Everything the OpenAPI document says of one GET route served directly, from which its operation
 * is generated (route-openapi.ts). A schema with `$id` becomes `components.schemas[$id]`.
 */
export interface RouteSchema {
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  /** Any one of these admits a call. */
  security: readonly SecuritySchemeName[];
  /** One property per query parameter, its description the parameter's; `required` as the route reads it. */
  query: TObject;
  /** Path parameters (`:date` in the path), all required. */
  params?: TObject;
  /** Request headers the route reads (`in: header` parameters, e.g. Last-Event-ID). */
  headerParameters?: readonly ParameterObject[];
  ok: {
    description: string;
    body: TSchema;
    /** The 200's media type when not JSON (a stream of events, which `body` then describes). */
    media?: string;
    headers: readonly SharedHeaderName[];
    /** Other media types the 200 can come in (a route's exports), each with its schema. */
    alternateMedia?: Readonly<Record<string, TSchema>>;
    /** Headers of this route's 200 alone, written inline; one named like a shared header replaces it. */
    ownHeaders?: Readonly<Record<string, HeaderObject>>;
    /**
     * Answers `If-None-Match` with 304 Not Modified (the 200 carries an ETag): documented as a
     * header parameter and a 304 response carrying these of the 200's headers.
     */
    notModified?: { description: string; headers: readonly SharedHeaderName[] };
  };
  /** Every problem code the route answers itself; those any route can give are added to all of them. */
  problems: readonly ErrorCode[];
}

/** A route served directly, and its schema. */
export interface DocumentedRoute {
  path: string;
  schema: RouteSchema;
}

/**
 * A string of a fixed set, as OpenAPI 3.0 reads it (`enum`; TypeBox's literal unions would write
 * `anyOf` of `const`, which 3.0 does not have).
 */
export function StringEnum<T extends string>(values: readonly T[], options: SchemaOptions = {}): TUnsafe<T> {
  return Type.Unsafe<T>({ ...options, type: 'string', enum: [...values] });
}

/** The names of a route's query parameters, in the order the schema lists them. */
export function parameterNames(query: TObject): readonly string[] {
  return Object.keys(query.properties);
}
