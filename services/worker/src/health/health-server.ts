import { clientAddressKey, type OperatorAccess } from '@fxrates/config';
import type { Redis } from 'ioredis';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface WorkerHealthChecks {
  redis: Redis;
  database: () => Promise<unknown>;
  /**
   * Prometheus text exposition for /metrics, served only to an operator (`access`); without it
   * /metrics does not exist, as the API's operator pages do not without OPS_USER and OPS_PASSWORD.
   */
  metrics?: { contentType: string; render: () => Promise<string>; access: OperatorAccess };
}

const PROBLEM = 'application/problem+json';

/**
 * The route a request target names: the path of an absolute-form target, percent-decoded, dot
 * segments resolved, runs of slashes made one, no trailing slash, lower-cased. Every spelling of a
 * route reaches the same handler, so a handler's own check (the operator's credentials on
 * /metrics) holds for all of them. Undefined for a target that does not decode.
 */
export function routeOf(target: string): string | undefined {
  try {
    // Slashes made one first: the URL parser reads `//metrics` as a host.
    const origin = target.startsWith('/') ? 'http://worker' : undefined;
    const path = decodeURIComponent(new URL(target.replace(/^\/{2,}/, '/'), origin).pathname)
      .replace(/\/{2,}/g, '/')
      .toLowerCase();
    return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  } catch {
    return undefined;
  }
}

/** Answers with a known length: no chunked framing, and clients know where the answer ends. */
function answer(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string,
): void {
  response.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) }).end(body);
}

function problem(response: ServerResponse, status: number, code: string, message: string): void {
  const body = JSON.stringify({ type: `/problems/${code}`, title: message, status, code, message });
  answer(response, status, { 'content-type': PROBLEM }, body);
}

/**
 * The worker's only HTTP listener: /health (liveness), /health/ready (Redis and PostgreSQL) and
 * /metrics (Prometheus, operators only). Meant for the cluster network, not the internet.
 */
export function startHealthServer(port: number, host: string, checks: WorkerHealthChecks): Promise<Server> {
  const send = (response: ServerResponse, status: number, body: unknown) => {
    answer(response, status, { 'content-type': 'application/json' }, JSON.stringify(body));
  };

  const metrics = async (request: IncomingMessage, response: ServerResponse) => {
    const { access, contentType, render } = checks.metrics!;
    const address = clientAddressKey(request.socket.remoteAddress ?? '');
    const verdict = await access.check(request.headers.authorization, address);
    if (!verdict.granted) return answer(response, verdict.status, verdict.headers, verdict.body);
    answer(response, 200, { 'content-type': contentType }, await render());
  };

  const ready = async (response: ServerResponse) => {
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
    const [redis, database] = await Promise.all([probe(() => checks.redis.ping()), probe(checks.database)]);
    const ok = redis === 'up' && database === 'up';
    send(response, ok ? 200 : 503, { status: ok ? 'ok' : 'error', checks: { redis, database } });
  };

  const server = createServer((request, response) => {
    const route = routeOf(request.url ?? '/');
    const failed = (error: Error) => {
      process.stderr.write(`worker health server: ${error.stack ?? error.message}\n`);
      if (!response.headersSent) problem(response, 500, 'internal-error', 'The worker could not answer.');
    };
    if (route === undefined) return problem(response, 400, 'validation-failed', 'The URL does not decode.');
    if (route === '/health' || route === '/health/live') return send(response, 200, { status: 'ok' });
    if (route === '/health/ready') return void ready(response).catch(failed);
    if (route === '/metrics' && checks.metrics) return void metrics(request, response).catch(failed);
    problem(response, 404, 'not-found', `No route for ${route}`);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
