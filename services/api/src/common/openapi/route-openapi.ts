import type {
  HeaderObject,
  OpenAPIObject,
  ReferenceObject,
  OperationObject,
  ParameterObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import type { TObject, TSchema } from '@sinclair/typebox';
import { problemResponses, RATE_LIMIT_HEADER_NAMES, sharedHeaderRef } from './openapi';
import type { DocumentedRoute, RouteSchema } from './route-schema';

type PathItem = OpenAPIObject['paths'][string];

/** The OpenAPI of the routes served directly: their path items, and the named schemas they refer to. */
export interface RoutesDocument {
  paths: Record<string, PathItem>;
  schemas: Record<string, SchemaObject>;
}

/** Keywords whose value is data, not a schema: never searched for `$id`. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/**
 * `node` as plain JSON, each part with an `$id` moved to `schemas` under that name and referred to.
 * The same name given to two different schemas is a mistake the document must not hide.
 */
function hoist(node: unknown, schemas: Record<string, SchemaObject>): unknown {
  if (Array.isArray(node)) return node.map((item) => hoist(item, schemas));
  if (!node || typeof node !== 'object') return node;
  const { $id, ...rest } = node as Record<string, unknown>;
  const plain = Object.fromEntries(
    Object.entries(rest).map(([keyword, value]) => [
      keyword,
      DATA_KEYWORDS.has(keyword) ? value : hoist(value, schemas),
    ]),
  );
  if (typeof $id !== 'string') return plain;
  const known = schemas[$id];
  if (known && JSON.stringify(known) !== JSON.stringify(plain)) {
    throw new Error(`Two different schemas are named ${$id}`);
  }
  schemas[$id] = plain;
  return { $ref: `#/components/schemas/${$id}` };
}

/** A TypeBox schema as the document writes it (TypeBox's symbol keys dropped by the JSON round trip). */
function schemaOf(schema: TSchema, schemas: Record<string, SchemaObject>): SchemaObject {
  return hoist(JSON.parse(JSON.stringify(schema)), schemas) as SchemaObject;
}

/** One parameter per property; a list is written comma-separated (`symbols=EUR,GBP`). */
function parametersOf(
  object: TObject,
  location: 'query' | 'path',
  where: string,
  schemas: Record<string, SchemaObject>,
): ParameterObject[] {
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).map(([name, property]) => {
    const { description, ...schema } = schemaOf(property, schemas);
    if (!description) throw new Error(`${where}: parameter "${name}" has no description`);
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      description,
      ...(schema.type === 'array' ? { style: 'form' as const, explode: false } : {}),
      schema,
    };
  });
}

function pathParametersOf(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
}

function operationOf(
  path: string,
  route: RouteSchema,
  schemas: Record<string, SchemaObject>,
): OperationObject {
  const declared = Object.keys(route.params?.properties ?? {});
  if (pathParametersOf(path).join() !== declared.join()) {
    throw new Error(`${path}: path parameters [${declared.join()}] do not match the path`);
  }
  const okHeaders: Record<string, HeaderObject | ReferenceObject> = {
    ...Object.fromEntries(route.ok.headers.map((name) => [name, sharedHeaderRef(name)])),
    ...route.ok.ownHeaders,
  };
  const alternates = Object.entries(route.ok.alternateMedia ?? {}).map(([media, schema]) => [
    media,
    { schema: schemaOf(schema, schemas) },
  ]);
  const ok: ResponseObject = {
    description: route.ok.description,
    ...(Object.keys(okHeaders).length ? { headers: okHeaders } : {}),
    content: {
      [route.ok.media ?? 'application/json']: { schema: schemaOf(route.ok.body, schemas) },
      ...Object.fromEntries(alternates),
    },
  };
  const refusals = problemResponses(route.problems);
  const tooMany = refusals['429'];
  // A call refused for its rate limit says where the limits stand, as an accepted one does.
  if (tooMany) {
    const limits = route.ok.headers.filter((name) => RATE_LIMIT_HEADER_NAMES.includes(name));
    tooMany.headers = {
      ...tooMany.headers,
      ...Object.fromEntries(limits.map((name) => [name, okHeaders[name]])),
    };
  }
  const notModified = route.ok.notModified;
  const conditional: Record<string, ResponseObject> = notModified
    ? {
        '304': {
          description: notModified.description,
          headers: Object.fromEntries(notModified.headers.map((name) => [name, sharedHeaderRef(name)])),
        },
      }
    : {};
  const ifNoneMatch: ParameterObject[] = notModified
    ? [
        {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'ETags of answers you hold: if one is current, the answer is 304 Not Modified',
          schema: { type: 'string' },
        },
      ]
    : [];
  return {
    tags: [route.tag],
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    security: route.security.map((scheme) => ({ [scheme]: [] })),
    parameters: [
      ...(route.params ? parametersOf(route.params, 'path', path, schemas) : []),
      ...parametersOf(route.query, 'query', path, schemas),
      ...ifNoneMatch,
      ...(route.headerParameters ?? []),
    ],
    responses: { '200': ok, ...conditional, ...refusals },
  };
}

/**
 * The OpenAPI of directly served routes, generated from their schemas (a GET operation each, at the
 * path in OpenAPI's `{param}` spelling). Throws when a route has no schema, so none goes undocumented.
 */
export function documentRoutes(routes: readonly DocumentedRoute[]): RoutesDocument {
  const document: RoutesDocument = { paths: {}, schemas: {} };
  for (const { path, schema } of routes) {
    if (!schema) throw new Error(`${path} is served without a schema`);
    const documented = path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    if (document.paths[documented]) throw new Error(`${documented} is served twice`);
    document.paths[documented] = { get: operationOf(path, schema, document.schemas) };
  }
  return document;
}
