import type { Problem } from '@fxrates/domain';

/** Codes the client itself assigns when no problem document came back from the server. */
export type ClientErrorCode = 'network-error' | 'timeout' | 'aborted' | 'invalid-response' | 'http-error';

/**
 * A failed API call. `problem` holds the server's RFC 9457 document when there was one;
 * `status` is 0 when no HTTP response arrived (network failure, timeout, abort).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly problem?: Problem;
  readonly requestId?: string;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    problem?: Problem;
    requestId?: string;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.problem = options.problem;
    this.requestId = options.requestId;
  }

  /** True for 401 responses: the session or credentials were refused. */
  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  /** True when trying again may succeed: no response, a timeout, or a server-side failure. */
  get isTransient(): boolean {
    return this.status === 0 ? this.code !== 'aborted' : this.status >= 500;
  }

  /** The human message the server sent, if any (the spec's texts travel in `message`). */
  get serverMessage(): string | undefined {
    return this.problem?.message || undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a problem+json body; tolerates partial documents from proxies. */
export function parseProblem(body: unknown, status: number): Problem | undefined {
  if (!isRecord(body)) return undefined;
  const text = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : undefined);
  const message = text('message') ?? text('detail') ?? text('title');
  const code = text('code');
  if (!message && !code) return undefined;
  return {
    type: text('type') ?? 'about:blank',
    title: text('title') ?? '',
    status: typeof body.status === 'number' ? body.status : status,
    detail: text('detail'),
    code: code ?? 'http-error',
    message: message ?? '',
    instance: text('instance'),
    errorId: text('errorId'),
  };
}

/** The text to show for a failed call: the server's message when it sent one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) ? (error.serverMessage ?? fallback) : fallback;
}
