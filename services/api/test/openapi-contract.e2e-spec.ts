import type { ValidateFunction } from 'ajv';
import request from 'supertest';
import { statusOf, type ProblemCode } from '../src/common/openapi';
import { PublicApiRoutes } from '../src/modules/public-api/public-api.routes';
import { directRoutes } from '../src/openapi';
import { givenIn } from './support/given';
import { signedInUser, signIn } from './support/signed-in';
import { seedHistory } from './support/history-seed';
import {
  listedCodes,
  operationsOf,
  schemaValidator,
  type OpenApiDocument,
  type ParameterNode,
  type SchemaNode,
} from './support/openapi-document';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** Real responses of the public API, checked against the schemas the OpenAPI document promises. */
describe('OpenAPI contract of /api/v1', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let compile: (schema: SchemaNode) => ValidateFunction;
  let key: string;
  let accessToken: string;

  /** The validator of a path's response schema for a status and media type. */
  function validatorFor(path: string, status: string, media = 'application/json'): ValidateFunction {
    const schema = doc.paths[path]?.get?.responses[status]?.content?.[media]?.schema;
    if (!schema) throw new Error(`${path} documents no ${media} body for ${status}`);
    return compile(schema);
  }

  function expectValid(validate: ValidateFunction, body: unknown, what: string) {
    const valid = validate(body);
    expect([what, valid ? [] : validate.errors]).toEqual([what, []]);
  }

  /** A refusal matches its status's problem schema, which lists its code. */
  function expectDocumentedProblem(path: string, status: string, body: { code: string }, what: string) {
    expect([what, listedCodes(doc.paths[path].get.responses[status])]).toEqual([
      what,
      expect.arrayContaining([body.code]),
    ]);
    expectValid(validatorFor(path, status, 'application/problem+json'), body, what);
  }

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    doc = (await request(t.app.getHttpServer()).get('/api/docs-json').expect(200)).body;
    compile = schemaValidator(doc);
    const enterprise = await givenIn(t.app).keyOnPlan({ plan: 'enterprise', name: 'contract' });
    key = enterprise.key;
    ({ accessToken } = await signIn(t.app, enterprise.user));
    await seedHistory(t);
  });
  afterAll(() => t.close());

  /** A header's value is what its schema (inline or in components.headers) says. */
  function expectHeaderValid(path: string, name: string, definition: SchemaNode, value: string | undefined) {
    const ref = definition.$ref as string | undefined;
    const header = ref ? doc.components.headers[ref.split('/').pop()!] : definition;
    const schema = header.schema as SchemaNode;
    const typed =
      schema.type === 'integer' && value !== undefined && /^\d+$/.test(value) ? Number(value) : value;
    expect([path, name, typed === undefined ? [] : compile(schema)(typed) ? [] : [value]]).toEqual([
      path,
      name,
      [],
    ]);
    if (header.required) expect([path, name, value]).toEqual([path, name, expect.any(String)]);
  }

  /** A request of an operation's parameters, each given its documented example (required ones at least). */
  function exampleRequest(path: string): { url: string; parameters: ParameterNode[] } {
    const parameters = doc.paths[path].get.parameters ?? [];
    let url = path;
    const query = new URLSearchParams();
    for (const parameter of parameters) {
      const example = parameter.schema.example;
      if (example === undefined) {
        expect([path, parameter.name, parameter.required]).toEqual([path, parameter.name, false]);
        continue;
      }
      const value = Array.isArray(example) ? example.join(',') : String(example);
      if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, value);
      else query.set(parameter.name, value);
    }
    return { url: query.size ? `${url}?${query}` : url, parameters };
  }

  /** Every route served directly (the /api/v1 table and the converter's), with the credentials it takes. */
  function directlyServed(): [string, string, string][] {
    return directRoutes(t.app.get(PublicApiRoutes).routes).map(({ path, schema }) => [
      path.replace(/:(\w+)/g, '{$1}'),
      schema.security.includes('apiKey') ? 'X-API-Key' : 'Authorization',
      schema.security.includes('apiKey') ? key : `Bearer ${accessToken}`,
    ]);
  }

  it('serves every directly served route its examples ask for, as its schema says: 200 body and header values', async () => {
    const served = directlyServed();
    expect(served.length).toBeGreaterThanOrEqual(11);
    for (const [path, header, credential] of served) {
      // A stream never ends: its events are checked against the document in stream.e2e-spec.ts.
      if (doc.paths[path].get.responses['200'].content?.['text/event-stream']) continue;
      const { url } = exampleRequest(path);
      const res = await request(t.app.getHttpServer()).get(url).set(header, credential);
      // The examples are valid parameters: an answer from history the tests have no close for is a
      // documented 404, never a 400.
      if (res.status !== 200) {
        expect([url, res.status]).toEqual([url, 404]);
        expectDocumentedProblem(path, '404', res.body, url);
        continue;
      }
      expectValid(validatorFor(path, '200'), res.body, url);
      const documented = doc.paths[path].get.responses['200'].headers ?? {};
      for (const [name, definition] of Object.entries(documented)) {
        expectHeaderValid(url, name, definition, res.headers[name.toLowerCase()] as string | undefined);
      }
    }
  });

  it('refuses, as documented, a parameter its schema does not declare and each required one left out', async () => {
    for (const [path, header, credential] of directlyServed()) {
      const { url, parameters } = exampleRequest(path);
      const get = (target: string) => request(t.app.getHttpServer()).get(target).set(header, credential);
      const unknown = await get(`${url}${url.includes('?') ? '&' : '?'}undeclared=1`).expect(400);
      expect([url, unknown.body.detail]).toEqual([url, 'Unknown parameter "undeclared".']);
      expectDocumentedProblem(path, '400', unknown.body, `${url} undeclared`);
      for (const parameter of parameters.filter((p) => p.in === 'query' && p.required)) {
        const [base, search] = url.split('?');
        const query = new URLSearchParams(search);
        query.delete(parameter.name);
        const target = query.size ? `${base}?${query}` : base;
        const missing = await get(target).expect(400);
        expect([target, missing.body.code]).toEqual([target, 'missing-parameter']);
        expectDocumentedProblem(path, '400', missing.body, target);
      }
    }
  });

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
    const documented = doc.paths[path].get.responses['200'];
    for (const [header, definition] of Object.entries(documented.headers ?? {})) {
      expectHeaderValid(path, header, definition, res.headers[header.toLowerCase()] as string | undefined);
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
    [
      '/api/v1/rates/average',
      '/average?start=1990-01-01&end=1990-01-31&base=EUR&symbols=GBP,INR,USD&detail=days',
      '/average?start=1989-12-01&end=1989-12-29&symbols=EUR',
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
    ['/api/v1/rates/average', '/average?start=1990-01-02&end=1989-01-01&symbols=EUR'],
    ['/api/v1/rates/average', '/average?start=1990-01-02&end=1990-01-31&symbols=EUR&basis=NOON'],
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
    const schemes = doc.components.securitySchemes;
    expect(schemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    const v1 = Object.entries(doc.paths).filter(
      // The contact form needs no key; subscriptions are the signed-in user's (Bearer); the sources'
      // status is public.
      ([path]) =>
        path.startsWith('/api/v1/') &&
        path !== '/api/v1/contact' &&
        !path.startsWith('/api/v1/subscriptions') &&
        !path.startsWith('/api/v1/status'),
    );
    expect(v1.length).toBeGreaterThanOrEqual(6);
    for (const [path, item] of v1) {
      // Every method of the path: reads, and the webhook management and MCP's POST, PATCH, DELETE.
      const operations = Object.entries(item as Record<string, { security?: unknown }>).filter(([method]) =>
        ['get', 'post', 'put', 'patch', 'delete'].includes(method),
      );
      expect(operations.length).toBeGreaterThan(0);
      for (const [method, operation] of operations) {
        expect([method, path, operation.security]).toEqual([method, path, [{ apiKey: [] }]]);
      }
    }
  });
});

/** Statuses answered with something other than a problem, by operation ("METHOD path status"). */
const NON_PROBLEM_ANSWERS = new Set(['get /api/health/ready 503']);
const RATE_LIMIT_HEADERS = [
  'RateLimit-Policy',
  'RateLimit',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/** What a generated client needs of the document, for every operation. */
describe('OpenAPI document for generated clients', () => {
  let t: TestApp;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    doc = (await request(t.app.getHttpServer()).get('/api/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('names its servers, its contact and licence, and describes every tag it uses', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.info).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      contact: { email: t.config.product.supportEmail },
      license: { name: expect.any(String) },
    });
    const declared = new Map(doc.tags?.map((tag) => [tag.name, tag.description]));
    for (const { method, path, operation } of operationsOf(doc)) {
      expect([method, path, operation.tags?.length]).toEqual([method, path, 1]);
      expect([method, path, declared.get(operation.tags![0])]).toEqual([method, path, expect.any(String)]);
    }
  });

  it('gives every operation a unique, readable operationId, a summary and a description', () => {
    const ids = operationsOf(doc).map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]+$/.test(id ?? ''))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining(['getLatestRates', 'convert', 'createApiKey', 'register', 'getAccount']),
    );
    for (const { method, path, operation } of operationsOf(doc)) {
      expect([method, path, operation.summary, operation.description]).toEqual([
        method,
        path,
        expect.stringMatching(/\S/),
        expect.stringMatching(/\S/),
      ]);
    }
  });

  it('declares on every operation the security it takes, from declared schemes', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes).toMatchObject({
      apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      bearer: { type: 'http', scheme: 'bearer' },
      session: { type: 'apiKey', in: 'header', name: 'X-Session-Token' },
      refresh: { type: 'apiKey', in: 'cookie', name: 'fxrates_refresh' },
    });
    for (const { method, path, operation } of operationsOf(doc)) {
      expect([method, path, Array.isArray(operation.security)]).toEqual([method, path, true]);
      for (const requirement of operation.security!) {
        for (const name of Object.keys(requirement)) expect([path, name in schemes]).toEqual([path, true]);
      }
      // A route that requires credentials says what it answers without them.
      const required =
        operation.security!.length > 0 && operation.security!.every((r) => Object.keys(r).length);
      if (required) expect([method, path, '401' in operation.responses]).toEqual([method, path, true]);
    }
  });

  it('documents every 4xx and 5xx as problem+json listing codes of that status, with the codes any route can give', () => {
    for (const { method, path, operation } of operationsOf(doc)) {
      const where = `${method} ${path}`;
      const statuses = Object.keys(operation.responses);
      expect([where, statuses.some((status) => /^4\d\d$/.test(status))]).toEqual([where, true]);
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        if (NON_PROBLEM_ANSWERS.has(`${where} ${status}`)) continue;
        const response = operation.responses[status];
        expect([where, status, response.content?.['application/problem+json']?.schema]).toEqual([
          where,
          status,
          { allOf: [{ $ref: '#/components/schemas/Problem' }, expect.anything()] },
        ]);
        const codes = listedCodes(response);
        expect([where, status, codes.length > 0]).toEqual([where, status, true]);
        for (const code of codes) {
          expect([where, code, statusOf(code as ProblemCode)]).toEqual([where, code, Number(status)]);
        }
      }
      const everyRoute = { '400': 'validation-failed', '404': 'not-found', '500': 'internal-error' };
      const bodyRoute = { '413': 'payload-too-large', '415': 'unsupported-media-type' };
      const pathParameterRoute = { '414': 'uri-too-long' };
      for (const [status, code] of Object.entries({
        ...everyRoute,
        ...(method === 'get' ? {} : bodyRoute),
        ...(path.includes('{') ? pathParameterRoute : {}),
      })) {
        expect([where, status, listedCodes(operation.responses[status])]).toEqual([
          where,
          status,
          expect.arrayContaining([code]),
        ]);
      }
    }
  });

  it('documents 503 service-unavailable with Retry-After on every route that reads PostgreSQL or Redis', () => {
    const probes = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/api/billing/plans']);
    const routes = operationsOf(doc).filter(({ path }) => !probes.has(path));
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, path, operation } of routes) {
      const unavailable = operation.responses['503'];
      expect([method, path, listedCodes(unavailable), unavailable?.headers?.['Retry-After']]).toEqual([
        method,
        path,
        expect.arrayContaining(['service-unavailable']),
        expect.anything(),
      ]);
    }
  });

  it('documents X-Request-Id on every answer, Retry-After on every 429, and the rate-limit headers of metered calls', () => {
    const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
    for (const { method, path, operation } of operationsOf(doc)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        expect([method, path, status, response.headers?.['X-Request-Id']]).toEqual([
          method,
          path,
          status,
          headerRef('X-Request-Id'),
        ]);
      }
      const tooMany = operation.responses['429'];
      if (tooMany) {
        expect([path, tooMany.headers?.['Retry-After']]).toEqual([
          path,
          expect.objectContaining({ required: true }),
        ]);
      }
      if (operation.responses['200']?.headers?.RateLimit) {
        for (const header of RATE_LIMIT_HEADERS) {
          expect([
            path,
            header,
            operation.responses['200'].headers?.[header],
            tooMany?.headers?.[header],
          ]).toEqual([path, header, headerRef(header), headerRef(header)]);
        }
      }
    }
    const metered = operationsOf(doc).filter(
      ({ operation }) => operation.responses['200']?.headers?.RateLimit,
    );
    expect(metered.map(({ operation }) => operation.operationId).sort()).toEqual(
      [
        'convert',
        'convertAlias',
        'convertBatch',
        'getFixing',
        'getSignedFixing',
        'listFixings',
        'getFluctuation',
        'getHistoricalRates',
        'getLatestRates',
        'getOhlc',
        'getRate',
        'getRateAverage',
        'getTimeSeries',
        'streamRates',
      ].sort(),
    );
  });

  it('types every schema: no untyped schema, no object without properties', () => {
    const loose: string[] = [];
    const visit = (node: unknown, where: string, isSchema: boolean): void => {
      if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${where}/${i}`, isSchema));
      if (!node || typeof node !== 'object') return;
      const schema = node as SchemaNode;
      if (isSchema) {
        const typed = ['type', '$ref', 'allOf', 'oneOf', 'anyOf'].some((keyword) => keyword in schema);
        const bareObject = schema.type === 'object' && !schema.properties && !schema.additionalProperties;
        if (!typed || bareObject) loose.push(`${where}: ${JSON.stringify(schema)}`);
      }
      for (const [keyword, value] of Object.entries(schema)) {
        if (keyword === 'example' || keyword === 'examples') continue;
        const childIsSchema =
          keyword === 'schema' ||
          keyword === 'items' ||
          keyword === 'additionalProperties' ||
          (isSchema && ['allOf', 'oneOf', 'anyOf'].includes(keyword));
        if (isSchema && keyword === 'properties') {
          for (const [name, property] of Object.entries(value as object))
            visit(property, `${where}/properties/${name}`, true);
        } else if (keyword === 'schemas' && where === '/components') {
          for (const [name, component] of Object.entries(value as object))
            visit(component, `${where}/schemas/${name}`, true);
        } else if (typeof value === 'object') {
          visit(value, `${where}/${keyword}`, childIsSchema);
        }
      }
    };
    visit(doc, '', false);
    expect(loose).toEqual([]);
  });

  it('types company as a string or null, and amounts as numbers (the converter, the public API, checkout)', () => {
    const { schemas } = doc.components;
    const propertyOf = (schema: string, name: string) =>
      (schemas[schema].properties as Record<string, SchemaNode>)[name];
    for (const schema of ['RegisterRequest', 'UpdateAccountRequest', 'Account']) {
      expect([schema, propertyOf(schema, 'company')]).toEqual([
        schema,
        expect.objectContaining({ type: 'string', nullable: true }),
      ]);
    }
    for (const path of ['/api/rates/convert', '/api/v1/convert', '/api/v1/rates/convert']) {
      const amount = doc.paths[path].get.parameters?.find((p) => p.name === 'amount');
      expect([path, amount?.schema]).toEqual([path, expect.objectContaining({ type: 'number', minimum: 0 })]);
    }
    expect(propertyOf('ConverterConversion', 'amount')).toMatchObject({ type: 'number' });
    // The public API's decimals: a number, or its exact string with numbers=string.
    expect(propertyOf('Conversion', 'amount')).toMatchObject({
      oneOf: [{ type: 'number' }, expect.objectContaining({ type: 'string', pattern: expect.any(String) })],
    });
    expect(propertyOf('Conversion', 'minorUnits')).toMatchObject({ type: 'integer', nullable: true });
    expect(propertyOf('CreateSubscriptionRequest', 'amount')).toMatchObject({
      oneOf: [{ type: 'number' }, expect.objectContaining({ type: 'string' })],
    });
  });

  it('gives parameters their formats and enums: type, dates, currency codes and lists', () => {
    const parameter = (path: string, name: string) =>
      doc.paths[path].get.parameters?.find((p) => p.name === name);
    expect(parameter('/api/v1/currencies', 'type')?.schema).toMatchObject({
      type: 'string',
      enum: ['fiat', 'crypto', 'metal'],
    });
    expect(parameter('/api/v1/convert', 'unit')?.schema).toMatchObject({
      type: 'string',
      enum: ['ozt', 'g', 'kg'],
      default: 'ozt',
    });
    for (const [path, name] of [
      ['/api/v1/rates/historical/{date}', 'date'],
      ['/api/v1/rates/timeseries', 'start'],
      ['/api/v1/rates/fluctuation', 'end'],
    ]) {
      expect([path, name, parameter(path, name)?.schema]).toEqual([
        path,
        name,
        expect.objectContaining({ type: 'string', format: 'date', pattern: expect.any(String) }),
      ]);
    }
    for (const [path, name] of [
      ['/api/v1/rates/rate', 'from'],
      ['/api/v1/rates/latest', 'base'],
      ['/api/rates/convert', 'to'],
      ['/api/rates/history', 'from'],
    ]) {
      expect([path, name, parameter(path, name)?.schema]).toEqual([
        path,
        name,
        expect.objectContaining({ type: 'string', pattern: '^[A-Za-z0-9]{2,10}$' }),
      ]);
    }
    expect(parameter('/api/v1/rates/latest', 'symbols')).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { type: 'string' } },
    });
    expect(doc.paths['/api/keys/{id}/disable'].post.parameters?.[0]).toMatchObject({
      in: 'path',
      schema: { type: 'string', format: 'uuid' },
    });
  });
});

/** Real answers of the web app's routes, checked against the schemas the document promises. */
describe('OpenAPI contract of the web app routes', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let compile: (schema: SchemaNode) => ValidateFunction;
  let accessToken: string;

  function expectDocumented(method: string, path: string, res: request.Response, what: string) {
    const response = doc.paths[path]?.[method]?.responses[String(res.status)];
    expect([what, res.status, response?.description]).toEqual([what, res.status, expect.any(String)]);
    const media = res.status >= 400 ? 'application/problem+json' : 'application/json';
    if (res.status >= 400) {
      expect([what, listedCodes(response)]).toEqual([what, expect.arrayContaining([res.body.code])]);
    }
    const schema = response.content?.[media]?.schema;
    if (schema) {
      const validate = compile(schema);
      expect([what, validate(res.body) ? [] : validate.errors]).toEqual([what, []]);
    }
    for (const [header, definition] of Object.entries(response.headers ?? {})) {
      const required = '$ref' in definition || definition.required;
      if (required)
        expect([what, header, res.headers[header.toLowerCase()]]).toEqual([what, header, expect.any(String)]);
    }
  }

  function expectRequestBodyValid(method: string, path: string, body: object, valid = true) {
    const validate = compile(doc.paths[path][method].requestBody!.content['application/json'].schema);
    expect([path, body, validate(body)]).toEqual([path, body, valid]);
  }

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    doc = (await request(t.app.getHttpServer()).get('/api/docs-json').expect(200)).body;
    compile = schemaValidator(doc);
    ({ accessToken } = await signedInUser(t.app, { company: null }));
  });
  afterAll(() => t.close());

  const http = () => request(t.app.getHttpServer());
  const bearer = () => `Bearer ${accessToken}`;

  it('accepts a company of null or a string, as the document says, and answers it as documented', async () => {
    for (const body of [{ company: null }, { company: 'Engines Ltd' }, { firstName: 'Grace', company: '' }]) {
      expectRequestBodyValid('patch', '/api/account', body);
      const res = await http().patch('/api/account').set('Authorization', bearer()).send(body).expect(200);
      expectDocumented('patch', '/api/account', res, JSON.stringify(body));
    }
    expectRequestBodyValid('post', '/api/auth/register', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: null,
      email: 'ada@example.com',
      password: 'correct horse',
    });
    expectDocumented(
      'get',
      '/api/account',
      await http().get('/api/account').set('Authorization', bearer()),
      'account',
    );
  });

  it('takes a checkout amount as a number or a string and refuses anything else, as documented', async () => {
    const body = { paypalSubscriptionId: 'I-BW452GLLEP1G', plan: 'basic', billingCycle: 'annual' };
    for (const amount of [167.88, '167.88']) {
      expectRequestBodyValid('post', '/api/v1/subscriptions', { ...body, amount });
      // Billing is off in this app: past validation, the answer is the documented 503.
      const res = await http()
        .post('/api/v1/subscriptions')
        .set('Authorization', bearer())
        .send({ ...body, amount });
      expect([amount, res.status, res.body.code]).toEqual([amount, 503, 'billing-not-configured']);
      expectDocumented('post', '/api/v1/subscriptions', res, `amount ${amount}`);
    }
    expectRequestBodyValid('post', '/api/v1/subscriptions', { ...body, amount: { value: 1 } }, false);
    const refused = await http()
      .post('/api/v1/subscriptions')
      .set('Authorization', bearer())
      .send({ ...body, amount: { value: 1 } })
      .expect(400);
    expectDocumented('post', '/api/v1/subscriptions', refused, 'object amount');
  });

  const anonymous = false;
  const signedIn = true;
  const as = (r: request.Test) => r;
  it.each([
    ['get', '/api/account', 401, anonymous, as],
    ['get', '/api/keys', 400, signedIn, (r: request.Test) => r.query({ status: 'bogus' })],
    ['post', '/api/keys/{id}/disable', 404, signedIn, as],
    [
      'post',
      '/api/auth/register',
      400,
      anonymous,
      (r: request.Test) => r.send({ firstName: 'A', lastName: 'B', email: 'nope', password: 'secret1' }),
    ],
    [
      'post',
      '/api/auth/login',
      401,
      anonymous,
      (r: request.Test) => r.send({ email: 'nobody@example.com', password: 'whatever' }),
    ],
    [
      'post',
      '/api/auth/login',
      413,
      anonymous,
      (r: request.Test) =>
        r
          .set('content-type', 'application/json')
          .send(JSON.stringify({ email: 'a@b.cd', password: 'x'.repeat(100_000) })),
    ],
    ['post', '/api/auth/refresh', 401, anonymous, as],
    ['patch', '/api/account', 400, signedIn, (r: request.Test) => r.send({ plan: 'enterprise' })],
    [
      'get',
      '/api/rates/convert',
      401,
      anonymous,
      (r: request.Test) => r.query({ from: 'USD', to: 'EUR', amount: '1' }),
    ],
    [
      'get',
      '/api/rates/convert',
      200,
      signedIn,
      (r: request.Test) => r.query({ from: 'USD', to: 'INR', amount: '1000000000000000' }),
    ],
    [
      'get',
      '/api/rates/convert',
      200,
      signedIn,
      (r: request.Test) => r.query({ from: 'BTC', to: 'EUR', amount: '0.5', numbers: 'string' }),
    ],
    ['get', '/api/rates/history', 200, signedIn, (r: request.Test) => r.query({ from: 'USD', to: 'EUR' })],
    ['get', '/api/rates/history', 401, anonymous, (r: request.Test) => r.query({ from: 'USD', to: 'EUR' })],
    ['post', '/api/auth/session', 201, anonymous, as],
    ['get', '/api/billing/plans', 200, anonymous, as],
    ['get', '/api/health/ready', 200, anonymous, as],
    ['get', '/api/usage', 200, signedIn, as],
    ['get', '/api/keys', 200, signedIn, as],
    ['get', '/api/auth/me', 200, signedIn, as],
  ])(
    '%s %s answers %i as documented: status, body and headers',
    async (method, path, status, withToken, arrange) => {
      const url = path.replace('{id}', 'not-a-key');
      let call = (http() as unknown as Record<string, (url: string) => request.Test>)[method](url);
      if (withToken) call = call.set('Authorization', bearer());
      const res = await arrange(call);
      expect([method, path, res.status]).toEqual([method, path, status]);
      expectDocumented(method, path, res, `${method} ${path}`);
    },
  );
});
