import type { OperationObject, ParameterObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { problemCodesOf, statusOf, documentRoutes, type DocumentedRoute } from './common/openapi';
import { directRoutes } from './openapi';
import { declaredPublicRoutes } from './modules/public-api';
import type { PublicRoute } from './modules/public-api';

/** The /api/v1 table as PublicApiRoutes builds it; its handlers are never called here. */
const table = declaredPublicRoutes();
const routes = directRoutes(table);
const document = documentRoutes(routes);

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const operationAt = (path: string) => document.paths[openApiPath(path)]?.get as OperationObject;
const operationOf = (route: DocumentedRoute) => operationAt(route.path);

/** Examples and answers are checked as the contract test checks answers: JSON Schema, formats on. */
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv as unknown as Parameters<typeof addFormats>[0]);
for (const [name, schema] of Object.entries(document.schemas))
  ajv.addSchema(schema, `#/components/schemas/${name}`);

describe('OpenAPI generated from the directly served routes', () => {
  it('documents every route of the /api/v1 table and the converter, under the operationIds clients use', () => {
    expect(table.length).toBeGreaterThanOrEqual(9);
    expect(Object.keys(document.paths).sort()).toEqual(routes.map((route) => openApiPath(route.path)).sort());
    for (const route of table) expect(Object.keys(document.paths)).toContain(openApiPath(route.path));
    // Generated clients and the docs page name operations by these: renaming one breaks them.
    expect(routes.map((route) => operationOf(route).operationId).sort()).toEqual(
      [
        'convert',
        'convertAlias',
        'getConverterConversion',
        'getConverterHistory',
        'getFixing',
        'getFixingKeys',
        'getSignedFixing',
        'listFixings',
        'verifyFixing',
        'getFluctuation',
        'getHistoricalRates',
        'getLatestRates',
        'getOhlc',
        'getQuotaUsage',
        'getRate',
        'getRateAverage',
        'getStatus',
        'getStatusHistory',
        'getTimeSeries',
        'listCurrencies',
        'streamRates',
      ].sort(),
    );
  });

  it.each(routes.map((route) => [route.path, route] as const))(
    '%s: its parameters, as its schema declares them, each described with a valid example',
    (_path, route) => {
      const parameters = (operationOf(route).parameters ?? []) as ParameterObject[];
      const { query, params } = route.schema;
      const expected = [
        ...Object.keys(params?.properties ?? {}).map((name) => ({ name, in: 'path', required: true })),
        ...Object.keys(query.properties).map((name) => ({
          name,
          in: 'query',
          required: (query.required ?? []).includes(name),
        })),
        ...(route.schema.ok.notModified ? [{ name: 'If-None-Match', in: 'header', required: false }] : []),
        ...(route.schema.headerParameters ?? []).map(({ name, required }) => ({
          name,
          in: 'header',
          required,
        })),
      ];
      expect(
        parameters.map(({ name, in: location, required }) => ({ name, in: location, required })),
      ).toEqual(expected);
      for (const parameter of parameters) {
        const schema = parameter.schema as SchemaObject;
        expect([parameter.name, parameter.description]).toEqual([
          parameter.name,
          expect.stringMatching(/\S/),
        ]);
        if (schema.type === 'array') expect(parameter).toMatchObject({ style: 'form', explode: false });
        if (schema.example !== undefined) {
          const validate = ajv.compile(schema);
          expect([parameter.name, validate(schema.example), validate.errors ?? []]).toEqual([
            parameter.name,
            true,
            [],
          ]);
        }
      }
    },
  );

  it.each(routes.map((route) => [route.path, route] as const))(
    '%s: a 200 body of a named schema, its headers, and every problem code under its status',
    (_path, route) => {
      const { responses, security, tags } = operationOf(route);
      expect(security).toEqual(route.schema.security.map((scheme) => ({ [scheme]: [] })));
      expect(tags).toEqual([route.schema.tag]);
      const ok = responses['200'] as ResponseObject;
      const body = ok.content?.[route.schema.ok.media ?? 'application/json']?.schema as SchemaObject;
      expect(body).toBeDefined();
      const refs = JSON.stringify(body).match(/#\/components\/schemas\/\w+/g) ?? [];
      for (const ref of refs) expect(ajv.getSchema(ref)).toBeDefined();
      expect(Object.keys(ok.headers ?? {})).toEqual([
        ...new Set([...route.schema.ok.headers, ...Object.keys(route.schema.ok.ownHeaders ?? {})]),
      ]);
      for (const code of route.schema.problems) {
        expect([code, problemCodesOf(responses[String(statusOf(code))] as ResponseObject)]).toEqual([
          code,
          expect.arrayContaining([code]),
        ]);
      }
    },
  );

  it('adds to every /api/v1 route the key refusals, and to each metered one the rate-limit headers and their refusals', () => {
    const limits = [
      'RateLimit-Policy',
      'RateLimit',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ];
    for (const route of table) {
      const { responses, security } = operationAt(route.path);
      const where = route.path;
      expect([where, security]).toEqual([where, [{ apiKey: [] }]]);
      expect([where, problemCodesOf(responses['401'] as ResponseObject)]).toEqual([
        where,
        ['api-key-expired', 'api-key-rolled', 'invalid-api-key', 'missing-api-key'],
      ]);
      expect([where, problemCodesOf(responses['403'] as ResponseObject)]).toEqual([
        where,
        expect.arrayContaining([
          'api-key-disabled',
          'ip-not-allowed',
          'origin-not-allowed',
          'scope-not-allowed',
        ]),
      ]);
      const ok = responses['200'] as ResponseObject;
      const exports = route.schema.ownHeaders ? ['Content-Disposition'] : [];
      if (route.schema.media) {
        // A stream: nothing to validate or compress, no 304.
        expect([where, Object.keys(ok.content ?? {}), Object.keys(ok.headers ?? {})]).toEqual([
          where,
          ['text/event-stream'],
          [...limits, 'Cache-Control'],
        ]);
        expect([where, responses['304']]).toEqual([where, undefined]);
        expect(problemCodesOf(responses['429'] as ResponseObject)).toEqual([
          'key-cap-reached',
          'quota-exceeded',
          'rate-limited',
          'too-many-streams',
        ]);
        continue;
      }
      expect([where, Object.keys(ok.headers ?? {})]).toEqual([
        where,
        [...(route.metered ? limits : []), 'Cache-Control', 'ETag', 'Vary', 'Content-Encoding', ...exports],
      ]);
      const notModified = responses['304'] as ResponseObject;
      expect([where, Object.keys(notModified.headers ?? {})]).toEqual([
        where,
        [...(route.metered ? limits : []), 'Cache-Control', 'ETag', 'Vary'],
      ]);
      const tooMany = responses['429'] as ResponseObject | undefined;
      if (!route.metered) {
        // Unmetered: no quota to refuse for; only a route that reads the database limits its reads.
        expect([where, tooMany && problemCodesOf(tooMany)]).toEqual([
          where,
          where.endsWith('/usage') ? ['rate-limited'] : undefined,
        ]);
        continue;
      }
      expect([where, problemCodesOf(tooMany), Object.keys(tooMany?.headers ?? {})]).toEqual([
        where,
        ['key-cap-reached', 'quota-exceeded', 'rate-limited'],
        ['Retry-After', ...limits],
      ]);
    }
  });

  it('documents the exports of the time series: CSV and NDJSON media types, their headers and the 406', () => {
    const { responses, parameters } = operationAt('/api/v1/rates/timeseries');
    const ok = responses['200'] as ResponseObject;
    expect(Object.keys(ok.content ?? {})).toEqual(['application/json', 'text/csv', 'application/x-ndjson']);
    expect(ok.content?.['application/x-ndjson']?.schema).toEqual({
      $ref: '#/components/schemas/TimeSeriesRow',
    });
    expect((ok.content?.['text/csv']?.schema as SchemaObject).type).toBe('string');
    expect((ok.headers?.Vary as SchemaObject & { schema: SchemaObject }).schema.enum).toEqual([
      'Accept, Accept-Encoding, X-API-Key',
    ]);
    expect(problemCodesOf(responses['406'] as ResponseObject)).toEqual(['not-acceptable']);
    const notModified = responses['304'] as ResponseObject;
    expect(notModified.content).toBeUndefined();
    expect(Object.keys(notModified.headers ?? {})).toEqual(
      expect.arrayContaining(['ETag', 'RateLimit', 'Vary']),
    );
    const format = (parameters as { name: string; schema: SchemaObject }[]).find((p) => p.name === 'format');
    expect(format?.schema).toMatchObject({
      type: 'string',
      enum: ['json', 'csv', 'ndjson'],
      default: 'json',
    });
  });

  it('names each answer schema once, as the document refers to it', () => {
    expect(Object.keys(document.schemas).sort()).toEqual(
      [
        'Conversion',
        'ConverterConversion',
        'ConverterConversionExact',
        'Currencies',
        'CurrencySource',
        'FixingJwks',
        'FixingList',
        'FixingRates',
        'FixingVerification',
        'SignedFixing',
        'Fluctuation',
        'HistoricalRates',
        'LatestRates',
        'Ohlc',
        'OhlcRow',
        'PlanFreshness',
        'Rate',
        'RateAverage',
        'SourceCadence',
        'SourceStatus',
        'Status',
        'StatusHistory',
        'StreamRateEvent',
        'StreamSnapshotEvent',
        'TimeSeries',
        'TimeSeriesRow',
        'Usage',
      ].sort(),
    );
    // Plain JSON: no TypeBox marker and no `$id` left in the document.
    expect(JSON.stringify(document)).not.toContain('$id');
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });

  it('refuses a route without a schema, or whose path parameters its schema does not declare', () => {
    const [latest] = table;
    expect(() => documentRoutes([{ path: '/api/v1/new', schema: undefined as never }])).toThrow(
      '/api/v1/new is served without a schema',
    );
    expect(() => directRoutes([{ ...latest, path: '/api/v1/new', schema: undefined as never }])).toThrow(
      '/api/v1/new is in the /api/v1 table without a schema',
    );
    expect(() => documentRoutes([{ ...routes[0], path: '/api/rates/:day' }])).toThrow(
      'path parameters [] do not match the path',
    );
    expect(() => documentRoutes([routes[0], routes[0]])).toThrow('is served twice');
  });

  it('a route of the table cannot be written without its schema', () => {
    // @ts-expect-error: `schema` is required, so the build fails for a route added without one.
    const unschemed: PublicRoute = { path: '/api/v1/new', metered: false, handle: () => '{}' };
    expect(unschemed.schema).toBeUndefined();
  });
});
