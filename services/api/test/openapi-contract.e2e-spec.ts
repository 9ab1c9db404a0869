import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { UserPlansService } from '../src/modules/public-api/user-plans.service';
import { register } from './support/auth-client';
import { seedHistory } from './support/history-seed';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { description: string; content?: Record<string, { schema: object }> }> }
    >
  >;
  components: { schemas: Record<string, object> };
}

/** Real responses of the public API, checked against the schemas the OpenAPI document promises. */
describe('OpenAPI contract of /api/v1', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let ajv: Ajv;
  let key: string;

  /** The validator of a path's response schema for a status and media type. */
  function validatorFor(path: string, status: string, media = 'application/json'): ValidateFunction {
    const schema = doc.paths[path]?.get?.responses[status]?.content?.[media]?.schema;
    if (!schema) throw new Error(`${path} documents no ${media} body for ${status}`);
    return ajv.compile(schema);
  }

  function expectValid(validate: ValidateFunction, body: unknown, what: string) {
    const valid = validate(body);
    expect([what, valid ? [] : validate.errors]).toEqual([what, []]);
  }

  /** A refusal matches the problem schema, and its code is named where its status is documented. */
  function expectDocumentedProblem(path: string, status: string, body: { code: string }, what: string) {
    expectValid(validatorFor(path, status, 'application/problem+json'), body, what);
    expect([what, doc.paths[path].get.responses[status].description]).toEqual([
      what,
      expect.stringContaining(body.code),
    ]);
  }

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    doc = (await request(t.app.getHttpServer()).get('/api/docs-json').expect(200)).body;
    ajv = new Ajv({ strict: false, allErrors: true });
    // ajv-formats types against its own copy of ajv; the instance is the same major version.
    addFormats(ajv as unknown as Parameters<typeof addFormats>[0]);
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      ajv.addSchema(schema, `#/components/schemas/${name}`);
    }
    const { accessToken, res } = await register(t.app);
    key = (
      await request(t.app.getHttpServer())
        .post('/api/keys')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ name: 'contract' })
        .expect(201)
    ).body.key;
    await t.app.get(UserPlansService).changePlan(res.body.user.uid, 'enterprise');
    await seedHistory(t);
  });
  afterAll(() => t.close());

  it.each([
    ['/api/v1/rates/latest', '?base=EUR&symbols=USD,GBP,BTC'],
    ['/api/v1/rates/rate', '?from=USD&to=BTC'],
    ['/api/v1/convert', '?from=BTC&to=EUR&amount=0.5'],
    ['/api/v1/rates/convert', '?from=USD&to=EUR&amount=100'],
    ['/api/v1/currencies', '?type=fiat'],
    ['/api/v1/usage', ''],
  ])('%s answers what its schema says, and documents its headers', async (path, query) => {
    const res = await request(t.app.getHttpServer()).get(`${path}${query}`).set('X-API-Key', key).expect(200);
    expectValid(validatorFor(path, '200'), res.body, path);
    const documented = doc.paths[path].get.responses['200'] as { headers?: Record<string, unknown> };
    for (const header of Object.keys(documented.headers ?? {})) {
      expect([path, header, res.headers[header.toLowerCase()]]).toEqual([path, header, expect.any(String)]);
    }
  });

  it.each([
    ['/api/v1/rates/historical/{date}', '/historical/1990-01-07?symbols=EUR,GBP', '/historical/1989-12-29'],
    [
      '/api/v1/rates/timeseries',
      '/timeseries?start=1990-01-01&end=1990-01-07&base=EUR',
      '/timeseries?start=1989-12-01&end=1989-12-29',
    ],
    [
      '/api/v1/rates/fluctuation',
      '/fluctuation?start=1990-01-02&end=1990-01-05&symbols=EUR',
      '/fluctuation?start=1989-12-01&end=1990-01-05',
    ],
  ])('%s answers what its schema says, and its 404', async (documentedPath, found, missing) => {
    const get = (url: string) =>
      request(t.app.getHttpServer()).get(`/api/v1/rates${url}`).set('X-API-Key', key);
    expectValid(validatorFor(documentedPath, '200'), (await get(found).expect(200)).body, found);
    const refused = (await get(missing).expect(404)).body;
    expectDocumentedProblem(documentedPath, '404', refused, missing);
  });

  it.each([
    ['/api/v1/rates/historical/{date}', '/historical/2026-13-01'],
    ['/api/v1/rates/timeseries', '/timeseries?start=1990-01-05&end=1990-01-02'],
    ['/api/v1/rates/fluctuation', '/fluctuation?start=1990-01-02&end=2999-01-01'],
  ])('%s documents the code of its bad-date refusal %s', async (documentedPath, url) => {
    const refused = await request(t.app.getHttpServer())
      .get(`/api/v1/rates${url}`)
      .set('X-API-Key', key)
      .expect(400);
    expectDocumentedProblem(documentedPath, '400', refused.body, url);
  });

  it.each([
    ['/api/v1/rates/rate', '?from=USD', '400'],
    ['/api/v1/rates/latest', '?base=NOPE', '400'],
  ])('%s%s answers a problem that matches the documented problem schema', async (path, query, status) => {
    const res = await request(t.app.getHttpServer())
      .get(`${path}${query}`)
      .set('X-API-Key', key)
      .expect(Number(status));
    expectDocumentedProblem(path, status, res.body, `${path} ${status}`);
    const missingKey = await request(t.app.getHttpServer()).get(`${path}${query}`).expect(401);
    expectDocumentedProblem(path, '401', missingKey.body, `${path} 401`);
  });

  it('describes the X-API-Key scheme on every /api/v1 operation', () => {
    const schemes = (
      doc as unknown as { components: { securitySchemes: Record<string, { in: string; name: string }> } }
    ).components.securitySchemes;
    expect(schemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    const v1 = Object.entries(doc.paths).filter(
      // The contact form needs no key; subscriptions are the signed-in user's (Bearer).
      ([path]) =>
        path.startsWith('/api/v1/') &&
        path !== '/api/v1/contact' &&
        !path.startsWith('/api/v1/subscriptions'),
    );
    expect(v1.length).toBeGreaterThanOrEqual(6);
    for (const [path, item] of v1) {
      expect([path, (item.get as unknown as { security: unknown }).security]).toEqual([
        path,
        [{ apiKey: [] }],
      ]);
    }
  });
});
