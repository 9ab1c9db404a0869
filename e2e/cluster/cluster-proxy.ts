import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One API instance behind the proxy. */
export interface ProxyBackend {
  name: string;
  url: string;
  /** A `public-api` instance serves only the metered reads under /api/v1. */
  publicApiOnly: boolean;
}

/** What the proxy did with one backend since it started. */
export interface ProxyBackendCounters {
  name: string;
  url: string;
  /** Requests sent to it (each attempt counts). */
  attempts: number;
  /** Responses it began (any status). */
  responses: number;
  /** Connections it refused (ECONNREFUSED). */
  refused: number;
  /** Connections it reset, or other socket errors, before the first response byte. */
  resets: number;
  /** Attempts that failed here and were sent on to the next backend. */
  retriedElsewhere: number;
  /** Responses that broke off after they had begun. */
  brokenResponses: number;
  inFlight: number;
}

export interface ClusterProxy {
  url: string;
  counters(): ProxyBackendCounters[];
  close(): Promise<void>;
}

/** Header naming the backend that answered, so a test can tell the instances' answers apart. */
export const BACKEND_HEADER = 'x-cluster-backend';

/** What a public-api instance serves under /api/v1; the web app's POSTs there need a whole API. */
const READS = new Set(['GET', 'HEAD']);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection and are not forwarded. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
];

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  const result = { ...headers };
  for (const name of [...HOP_BY_HOP, ...named]) delete result[name];
  return result;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * What a load balancer in front of the API does, on loopback: round-robin over the instances,
 * reads of /api/v1 over every instance and the rest over the whole-API ones, keep-alive connections to them,
 * and the next instance when one is gone. A request goes on to the next instance when its connection
 * was refused (nothing was sent, so this is safe for any method), or, for an idempotent method only,
 * when the connection broke before the first response byte; a non-idempotent request that may have
 * reached an instance is never sent twice. The client's address is appended to X-Forwarded-For, which
 * the instances read when TRUST_PROXY is true.
 */
export async function startClusterProxy(backends: ProxyBackend[]): Promise<ClusterProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const counters = backends.map((backend) => ({
    name: backend.name,
    url: backend.url,
    attempts: 0,
    responses: 0,
    refused: 0,
    resets: 0,
    retriedElsewhere: 0,
    brokenResponses: 0,
    inFlight: 0,
  }));
  const pools = {
    metered: backends.map((_, index) => index),
    whole: backends.flatMap((backend, index) => (backend.publicApiOnly ? [] : [index])),
  };
  const turns = { metered: 0, whole: 0 };

  /** The backends to try, in order: the next in the rotation first, then the others of its pool. */
  const rotationFor = (method: string, path: string): number[] => {
    const poolName = READS.has(method) && path.startsWith('/api/v1/') ? 'metered' : 'whole';
    const pool = pools[poolName];
    const start = turns[poolName]++ % pool.length;
    return [...pool.slice(start), ...pool.slice(0, start)];
  };

  const fail = (response: ServerResponse, message: string) => {
    if (response.headersSent) return void response.destroy();
    const body = JSON.stringify({
      type: '/problems/bad-gateway',
      title: 'No API instance answered',
      status: 502,
      code: 'bad-gateway',
      message,
    });
    response.writeHead(502, { 'content-type': 'application/problem+json' }).end(body);
  };

  const forward = (
    request: IncomingMessage,
    response: ServerResponse,
    body: Buffer,
    order: number[],
    attempt: number,
  ): void => {
    const index = order[attempt];
    const backend = backends[index];
    const counter = counters[index];
    const target = new URL(backend.url);
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const headers: IncomingHttpHeaders = {
      ...withoutHopByHop(request.headers),
      'x-forwarded-for': forwardedFor,
    };
    // The body was read whole; it goes on with its length, or without one when there is none.
    if (body.length > 0 || ['POST', 'PUT', 'PATCH'].includes(request.method ?? ''))
      headers['content-length'] = String(body.length);
    else delete headers['content-length'];
    counter.attempts++;
    counter.inFlight++;
    let settled = false;
    const settle = () => {
      if (!settled) {
        settled = true;
        counter.inFlight--;
      }
    };
    const upstream = http.request({
      agent,
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers,
    });
    upstream.on('response', (answer) => {
      counter.responses++;
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, {
        ...withoutHopByHop(answer.headers),
        [BACKEND_HEADER]: backend.name,
      });
      answer.pipe(response);
      answer.on('end', settle);
      answer.on('error', () => undefined);
      answer.on('aborted', () => {
        counter.brokenResponses++;
        settle();
        response.destroy();
      });
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      settle();
      if (clientGone) return;
      if (response.headersSent) {
        counter.brokenResponses++;
        response.destroy();
        return;
      }
      const refused = error.code === 'ECONNREFUSED';
      if (refused) counter.refused++;
      else counter.resets++;
      const mayRetry = refused || IDEMPOTENT.has(request.method ?? '');
      if (mayRetry && attempt + 1 < order.length) {
        counter.retriedElsewhere++;
        forward(request, response, body, order, attempt + 1);
        return;
      }
      fail(response, `${backend.name}: ${error.code ?? error.message}`);
    });
    // A client that hangs up (a soak client's timeout) takes its request at the instance with it.
    let clientGone = false;
    response.once('close', () => {
      if (response.writableFinished) return;
      clientGone = true;
      upstream.destroy();
    });
    upstream.end(body);
  };

  const server = http.createServer((request, response) => {
    readBody(request).then(
      (body) => forward(request, response, body, rotationFor(request.method ?? 'GET', request.url ?? '/'), 0),
      () => response.destroy(),
    );
  });
  // Clients of the soak keep their connections as long as they like.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    counters: () => counters.map((counter) => ({ ...counter })),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
