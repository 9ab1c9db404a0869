import request from 'supertest';
import { keysOnPlans } from '../support/plan-keys';
import { startTestApp, type TestApp } from '../test-app';
import { testConfig } from '../test-config';
import { documentedOperations, nameOf, type Operation } from './support/openapi-operations';
import { expectProblem } from './support/problem';
import { servedRoutes, servesDocumented } from './support/served-routes';

const OPS_USER = 'operator';
const OPS_PASSWORD = 'operator-password-for-tests';
const OPERATOR = `Basic ${Buffer.from(`${OPS_USER}:${OPS_PASSWORD}`).toString('base64')}`;

/** Bull Board's page and API: one entry here stands for every route below it. */
const BULL_BOARD = '/admin/queues';

/**
 * Routes served but not in the OpenAPI document, each for a reason. A route added without being
 * documented (or listed here with its reason) fails the first test.
 */
const UNDOCUMENTED: Record<string, string> = {
  'GET /api/docs': 'the documentation itself (Swagger UI)',
  'GET /api/docs/': 'the documentation itself (Swagger UI)',
  'GET /api/docs/index.html': 'the documentation itself (Swagger UI)',
  'GET /api/docs/swagger-ui-init.js': 'the documentation itself (Swagger UI)',
  'GET /api/docs/docs/swagger-ui-init.js': 'the documentation itself (Swagger UI)',
  'GET /api/docs/LICENSE': 'the documentation itself (Swagger UI)',
  'GET /api/docs/*': "Swagger UI's static files",
  'GET /api/docs-json': 'the OpenAPI document',
  'GET /api/docs-yaml': 'the OpenAPI document',
  'GET /api/metrics': 'operators only (Prometheus), behind HTTP Basic',
  [`* ${BULL_BOARD}/**`]: 'operators only (Bull Board), behind HTTP Basic',
};

/** HEAD answers as GET does (Fastify adds it to every GET); OPTIONS * answers CORS preflights. */
const implied = (route: string) => route.startsWith('HEAD ') || route === 'OPTIONS *';

/** One entry for Bull Board's routes, as UNDOCUMENTED names them. */
const collapsed = (route: string) =>
  route.split(' ')[1].startsWith(BULL_BOARD) ? `* ${BULL_BOARD}/**` : route;

/** A concrete URL for a route template: a sample value for each parameter or wildcard. */
const sampleUrl = (path: string) =>
  path
    .replace(/\{date\}/g, '2024-01-05')
    .replace(/\{\w+\}(\|\{\w+\})*/g, '00000000-0000-4000-8000-000000000000')
    .replace(/\*$/, 'x');

/** What a process serving only the public API may answer: metered key GETs, health, metrics. */
/**
 * API-key routes that are no metered read of the DirectRoutes table: webhook management, the MCP
 * server and batch conversion (a POST with a body). The ingress sends them to the API's pods
 * (deploy/k8s/ingress.yaml), so the public-API pods do not serve them.
 */
const ON_THE_API_PODS = ['/api/v1/webhooks', '/api/v1/mcp', '/api/v1/convert/batch'];

function allowedOnPublicApi(method: string, path: string, documented: Operation[]): boolean {
  if (path.startsWith('/api/health')) return method === 'GET';
  if (path === '/api/metrics') return method === 'GET';
  if (ON_THE_API_PODS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  // The API-key routes, and the public ones of the API's surface (the status: no credential at all).
  return documented.some(
    (o) =>
      o.method === method &&
      servesDocumented(path, o.path) &&
      o.path.startsWith('/api/v1/') &&
      (o.schemes.includes('apiKey') || (method === 'GET' && o.schemes.length === 0)),
  );
}

describe('API9:2023 Improper Inventory Management', () => {
  let all: TestApp;
  let publicOnly: TestApp;
  let documented: Operation[];
  let key: string;

  beforeAll(async () => {
    const config = testConfig({ OPS_USER, OPS_PASSWORD });
    all = await startTestApp(config);
    publicOnly = await startTestApp({ ...config, api: { ...config.api, routes: 'public-api' } });
    documented = await documentedOperations(all.app);
    ({ enterprise: key } = await keysOnPlans(all.app, ['enterprise'] as const));
  });
  afterAll(async () => {
    await publicOnly.app.close();
    await publicOnly.redis.quit();
    await all.close();
  });

  it('documents every route the API serves, apart from an explicit list of operator and docs routes', () => {
    const served = [
      ...new Set(
        servedRoutes(all.app)
          .filter((route) => !implied(route))
          .map(collapsed),
      ),
    ];
    const documentedNames = documented.map(nameOf);
    const undocumented = served.filter(
      (route) => !documentedNames.some((name) => servesDocumented(route, name)),
    );
    expect(undocumented.sort()).toEqual(Object.keys(UNDOCUMENTED).sort());
  });

  it('serves every operation it documents', () => {
    const served = servedRoutes(all.app);
    expect(
      documented.map(nameOf).filter((name) => !served.some((route) => servesDocumented(route, name))),
    ).toEqual([]);
  });

  it.each([
    '/api/v0/rates/latest',
    '/api/v2/rates/latest',
    '/api/v1.0/rates/latest',
    '/api/V1/rates/latest',
    '/v1/rates/latest',
    '/api/v1/rates/latest/',
    '/api/v1//rates/latest',
    '/api/v1/rates/latest.json',
    '/api/beta/rates/latest',
    '/api/internal/keys',
    '/api/debug',
    '/api/admin',
  ])('serves no other version or spelling of the API: %s is 404 on both deployments', async (path) => {
    for (const app of [all, publicOnly]) {
      const res = await request(app.app.getHttpServer()).get(path).set('X-API-Key', key);
      expectProblem(res, 404, 'not-found');
    }
  });

  describe('the public-API deployment (API_ROUTES=public-api)', () => {
    // docs/decisions.md, "The /api/v1 namespace": "the public-API pods serve an explicit list of metered routes" (the lead's part).
    it('serves nothing but the API-key and public GET routes of /api/v1, health and metrics: every other route is 404', async () => {
      const wrongly: string[] = [];
      const routes = [...new Set(servedRoutes(all.app).filter((route) => !implied(route)))];
      for (const route of routes) {
        const [method, path] = route.split(' ');
        const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch';
        const call = request(publicOnly.app.getHttpServer())[verb](sampleUrl(path));
        const res = await call
          .set('X-API-Key', key)
          .set('Authorization', OPERATOR)
          .send(method === 'GET' ? undefined : {});
        // Not served: the 404 problem of no route, not a route's own 404 (history-unavailable).
        const refused = res.status === 404 && res.body.code === 'not-found';
        if (allowedOnPublicApi(method, path, documented) === refused)
          wrongly.push(`${route} → ${res.status}`);
        if (refused) expect(res.headers['content-type']).toBe('application/problem+json');
      }
      expect(wrongly).toEqual([]);
    }, 30_000);

    it.each([
      ['POST', '/api/v1/subscriptions'],
      ['POST', '/api/v1/subscriptions/cancel'],
      ['POST', '/api/v1/contact'],
      ['GET', '/api/docs-json'],
      ['GET', '/api/keys'],
      ['POST', '/api/billing/paypal/webhook'],
    ])('answers %s %s with a 404 problem', async (method, path) => {
      const server = request(publicOnly.app.getHttpServer());
      const res = await (method === 'POST' ? server.post(path).send({}) : server.get(path));
      expectProblem(res, 404, 'not-found');
    });
  });
});
