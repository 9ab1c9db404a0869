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
  headers: Headers;
  text: string;
}

/** Longer than any answer of a healthy cluster by three orders of magnitude; beyond it, an error. */
export const REQUEST_TIMEOUT_MS = 10_000;

export async function send(baseUrl: string, request: SoakRequest): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers,
    body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
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
