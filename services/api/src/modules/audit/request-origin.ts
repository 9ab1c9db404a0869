import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Where a request came from, as the audit log records it. */
export interface ClientOrigin {
  /** Fastify's `request.ip`: the peer, or with TRUST_PROXY the first address of X-Forwarded-For. */
  ip: string | null;
  userAgent: string | null;
}

/** The client address and User-Agent of a request, read as a session's device is (auth's deviceOf). */
export function originOf(request: FastifyRequest): ClientOrigin {
  return { ip: request.ip || null, userAgent: request.headers['user-agent'] || null };
}

/** The request's ClientOrigin, for a handler that records what it does: `@RequestOrigin() origin`. */
export const RequestOrigin = createParamDecorator((_data: unknown, context: ExecutionContext): ClientOrigin =>
  originOf(context.switchToHttp().getRequest<FastifyRequest>()),
);
