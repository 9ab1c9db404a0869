import { Histogram, Registry } from 'prom-client';
import { HttpLatencyHistogram } from './http-latency-histogram';

const BOUNDS = [0.001, 0.01, 0.1, 1];
const OBSERVED: [string, string, number, number][] = [
  ['GET', '/api/v1/rates/latest', 200, 0.0004],
  ['GET', '/api/v1/rates/latest', 200, 0.001],
  ['GET', '/api/v1/rates/latest', 200, 0.05],
  ['GET', '/api/v1/rates/latest', 429, 0.002],
  ['POST', '/api/keys', 201, 3],
];

describe('HttpLatencyHistogram', () => {
  it('exposes exactly what prom-client’s Histogram exposes for the same observations', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const histogram = new HttpLatencyHistogram('latency_seconds', 'Latency', BOUNDS, ours);
    const reference = new Histogram({
      name: 'latency_seconds',
      help: 'Latency',
      labelNames: ['method', 'route', 'status'],
      buckets: BOUNDS,
      registers: [theirs],
    });
    for (const [method, route, status, seconds] of OBSERVED) {
      histogram.observe(method, route, status, seconds);
      reference.observe({ method, route, status: String(status) }, seconds);
    }
    const exposition = await ours.metrics();
    expect(exposition).toBe(await theirs.metrics());
    expect(exposition).toContain(
      'latency_seconds_bucket{le="0.001",method="GET",route="/api/v1/rates/latest",status="200"} 2',
    );
    expect(exposition).toContain('latency_seconds_count{method="POST",route="/api/keys",status="201"} 1');
  });

  it('starts again from nothing when the registry resets its metrics', async () => {
    const registry = new Registry();
    const histogram = new HttpLatencyHistogram('latency_seconds', 'Latency', BOUNDS, registry);
    histogram.observe('GET', '/x', 200, 0.5);
    registry.resetMetrics();
    expect((await histogram.get()).values).toEqual([]);
  });
});
