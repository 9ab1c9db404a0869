import http, { type IncomingHttpHeaders } from 'node:http';
import type { Outcome } from './soak-recorder';

export interface SoakRequest {
  /** The row of the mix it belongs to, e.g. "v1 latest" (reports count by it). */
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** A refusal this request is meant to get (status and problem code); anything else non-2xx is an error. */
  expect?: { status: number; code: string };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Longer than any answer of a healthy cluster by three orders of magnitude; beyond it, an error. */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * A bounded pool of keep-alive connections to the proxy. Unbounded, a second's stall makes the
 * client open hundreds of connections at once, the proxy's listen queue (511) overflows and the
 * kernel drops SYNs, retried 1, 3, 7 s later: timeouts that measure the kernel's backoff, not the
 * cluster (seen on the shared VM). 256 holds a second of the default rate without queueing.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function send(baseUrl: string, request: SoakRequest): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${baseUrl}${request.path}`, { method: request.method, headers, agent });
    // The timeout runs from the moment a connection carries the request: a request destroyed while
    // it waits for one would still take a connection from the pool, only to close it, and a stall
    // would then turn into a storm of new connections spent on requests nobody waits for. Time spent
    // waiting for a connection is latency all the same (measured from the scheduled time).
    let timer: NodeJS.Timeout | undefined;
    outgoing.once('socket', () => {
      timer = setTimeout(
        () =>
          outgoing.destroy(
            Object.assign(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`), { name: 'TimeoutError' }),
          ),
        REQUEST_TIMEOUT_MS,
      );
    });
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
      response.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    outgoing.end(body);
  });
}

function problemCode(text: string): string | undefined {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Classifies an answer: 2xx with a JSON body (if any), the refusal asked for, or an error. */
export function outcomeOf(request: SoakRequest, answer: Answer): Outcome {
  if (answer.status >= 200 && answer.status < 300) {
    if (answer.text !== '') {
      try {
        JSON.parse(answer.text);
      } catch {
        return {
          kind: 'error',
          reason: `${answer.status} with a body that is not JSON`,
          detail: answer.text.slice(0, 200),
        };
      }
    }
    return { kind: 'ok', status: answer.status };
  }
  const code = problemCode(answer.text) ?? '(no problem code)';
  if (request.expect && request.expect.status === answer.status && request.expect.code === code)
    return { kind: 'expected', status: answer.status, code };
  return {
    kind: 'error',
    reason: `${answer.status} ${code}`,
    detail: `${request.method} ${request.path}: ${answer.text.slice(0, 300)}`,
  };
}

/** A failure before any answer: refused or reset connection, timeout. */
export function outcomeOfFailure(error: unknown): Outcome {
  const err = error as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError')
    return { kind: 'error', reason: `no answer within ${REQUEST_TIMEOUT_MS} ms`, detail: err.message };
  const cause = err.cause?.code ?? err.cause?.message ?? err.message;
  return {
    kind: 'error',
    reason: `connection error ${cause}`,
    detail: String(err.cause?.message ?? err.message),
  };
}
