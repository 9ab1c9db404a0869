import { ALL_QUEUES } from '@fxrates/queues';
import request from 'supertest';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const USER = 'operator';
const PASSWORD = 'correct-horse-battery';
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Each line of a Prometheus text exposition is a comment or `name{labels} value`. */
function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (-?[0-9.e+-]+|NaN|\+Inf|-Inf)$/.exec(line);
    if (!match) throw new Error(`Not a Prometheus sample line: "${line}"`);
    samples.set(match[1], Number(match[2]));
  }
  return samples;
}

describe('operator pages', () => {
  describe('without credentials configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(testConfig());
    });
    afterAll(() => t.close());

    it('does not serve Bull Board or the metrics at all', async () => {
      await request(t.app.getHttpServer()).get('/admin/queues').expect(404);
      await request(t.app.getHttpServer()).get('/api/metrics').expect(404);
    });
  });

  describe('with credentials configured', () => {
    let t: TestApp;
    const http = () => request(t.app.getHttpServer());
    beforeAll(async () => {
      t = await startTestApp(testConfig({ OPS_USER: USER, OPS_PASSWORD: PASSWORD }));
    });
    afterAll(() => t.close());

    it.each([
      ['no credentials', undefined],
      ['a wrong password', basic(USER, 'wrong-password-123')],
      ['a wrong user', basic('admin', PASSWORD)],
      ['another scheme', `Bearer ${PASSWORD}`],
    ])('refuses %s with 401 and a Basic challenge', async (_case, authorization) => {
      for (const path of ['/admin/queues', '/admin/queues/api/queues', '/api/metrics']) {
        const req = http().get(path);
        const res = await (authorization ? req.set('Authorization', authorization) : req).expect(401);
        expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
      }
    });

    it('serves Bull Board over every queue to the operator', async () => {
      const page = await http().get('/admin/queues').set('Authorization', basic(USER, PASSWORD)).expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      const api = await http()
        .get('/admin/queues/api/queues')
        .set('Authorization', basic(USER, PASSWORD))
        .expect(200);
      const names = (api.body.queues as { name: string }[]).map((q) => q.name).sort();
      expect(names).toEqual([...ALL_QUEUES].sort());
      expect(names).toEqual(expect.arrayContaining(['email', 'rates-ingest-ecb', 'rates-ingest-binance']));
    });

    it('exposes Prometheus metrics: latency by route and process metrics', async () => {
      await http().get('/api/health').expect(200);
      await http().get('/api/rates/convert?from=USD&to=EUR&amount=1').expect(401);
      const res = await http().get('/api/metrics').set('Authorization', basic(USER, PASSWORD)).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
      const samples = parseExposition(res.text);
      expect(
        samples.get(
          'fxrates_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}',
        ),
      ).toBeGreaterThanOrEqual(1);
      expect(
        samples.get(
          'fxrates_http_request_duration_seconds_count{method="GET",route="/api/rates/convert",status="401"}',
        ),
      ).toBe(1);
      // Node's process metrics under their standard names, no prefix.
      expect(samples.get('process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(samples.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
      expect([...samples.keys()].some((name) => name.startsWith('fxrates_api_'))).toBe(false);
    });
  });
});
