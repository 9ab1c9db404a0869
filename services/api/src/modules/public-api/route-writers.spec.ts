import { documentRoutes, type JsonWriter } from '../../common/openapi';
import { NDJSON_MEDIA_TYPE } from './export-format';
import { ndjsonRowWriter } from './export-rows';
import { documentedPublicRoute } from './public-api.openapi';
import { declaredPublicRoutes } from './public-api.routes';
import { rateEventWriter, snapshotWriter } from './stream-events';
import { PROVENANCE_WRITER } from './rates-json';
import { latestRoute } from './handlers/rates/latest.handler';
import { rateRoute } from './handlers/rates/rate.handler';
import { convertRoutes } from './handlers/rates/convert.handler';

// The handlers are never called: only the routes' schemas and writers are read.
const routes = declaredPublicRoutes();
const document = documentRoutes(routes.map(documentedPublicRoute));

/** A schema as the document holds it: plain JSON, its `$id` the name it is filed under. */
function asDocumented(writer: JsonWriter): { name: string; plain: unknown } {
  const { $id, ...plain } = JSON.parse(JSON.stringify(writer.schema)) as Record<string, unknown>;
  if (typeof $id !== 'string') throw new Error('a written answer is a named schema of the document');
  return { name: $id, plain };
}

describe('each /api/v1 answer is written from the schema the OpenAPI document shows', () => {
  const jsonRoutes = routes.filter((route) => route.schema.media === undefined);

  it.each(jsonRoutes.map((route) => [route.path, route] as const))('%s', (path, route) => {
    const writer = route.writer;
    expect(writer).toBeDefined();
    // One object: the body the document is generated from is the one the writer was compiled from.
    expect(writer!.schema).toBe(route.schema.body);
    const { name, plain } = asDocumented(writer!);
    const documented = document.paths[path.replace(/:([a-z]+)/g, '{$1}')].get;
    expect(documented?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
    });
    expect(document.schemas[name]).toEqual(plain);
  });

  it("the rate stream's events and the time series' NDJSON rows", () => {
    for (const writer of [snapshotWriter, rateEventWriter, ndjsonRowWriter]) {
      const { name, plain } = asDocumented(writer);
      expect(document.schemas[name]).toEqual(plain);
    }
    const timeseries = document.paths['/api/v1/rates/timeseries'].get;
    expect(timeseries?.responses['200']).toMatchObject({
      content: { [NDJSON_MEDIA_TYPE]: { schema: { $ref: '#/components/schemas/TimeSeriesRow' } } },
    });
  });
});

describe('the provenance members, written once per summary, come out as the members would', () => {
  const provenance = {
    timestamp: '2024-03-15T16:00:00.000Z',
    date: '2024-03-15',
    source: ['ecb', 'binance'],
    stale: false,
    marketClosed: true,
  };
  const answers: [string, Record<string, unknown>][] = [
    [latestRoute.path, { base: 'USD', rates: { EUR: '0.88' } }],
    [rateRoute.path, { from: 'USD', to: 'EUR', rate: '0.88' }],
    [
      convertRoutes[0].path,
      { from: 'USD', to: 'EUR', amount: '10', rate: '0.88', result: '8.8000', minorUnits: 2 },
    ],
  ];
  const writerOf = (path: string) => routes.find((route) => route.path === path)!.writer!;

  it.each(answers)('%s', (path, rest) => {
    const writer = writerOf(path);
    for (const numbers of ['number', 'string'] as const) {
      const kept = PROVENANCE_WRITER.fragment(provenance, numbers);
      expect(writer.write({ ...rest, [PROVENANCE_WRITER.key]: kept }, numbers)).toBe(
        writer.write({ ...rest, ...provenance }, numbers),
      );
    }
  });
});
