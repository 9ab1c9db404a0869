import { createServer, type Server } from 'node:http';
import type { Redis } from 'ioredis';

export interface WorkerHealthChecks {
  redis: Redis;
  database: () => Promise<unknown>;
  /** Prometheus text exposition for /metrics. */
  metrics?: { contentType: string; render: () => Promise<string> };
}

/**
 * The worker's only HTTP listener: /health (liveness), /health/ready (Redis and PostgreSQL) and
 * /metrics (Prometheus). Meant for the cluster network, not the internet.
 */
export function startHealthServer(port: number, host: string, checks: WorkerHealthChecks): Promise<Server> {
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/health' || path === '/health/live') return send(200, { status: 'ok' });
    if (path === '/metrics' && checks.metrics) {
      const { contentType, render } = checks.metrics;
      void render().then(
        (text) => response.writeHead(200, { 'content-type': contentType }).end(text),
        (error: Error) => send(500, { status: 500, code: 'internal-error', message: error.message }),
      );
      return;
    }
    if (path !== '/health/ready')
      return send(404, { status: 404, code: 'not-found', message: `No route for ${path}` });
    const probe = async (check: () => Promise<unknown>) => {
      try {
        await Promise.race([
          check(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 2000)),
        ]);
        return 'up';
      } catch {
        return 'down';
      }
    };
    void Promise.all([probe(() => checks.redis.ping()), probe(checks.database)]).then(([redis, database]) => {
      const ok = redis === 'up' && database === 'up';
      send(ok ? 200 : 503, { status: ok ? 'ok' : 'error', checks: { redis, database } });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
