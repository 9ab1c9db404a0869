import type { AppConfig } from '@fxrates/config';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether operator pages exist at all: only with credentials configured. */
export function opsEnabled(config: AppConfig): boolean {
  return config.ops.user !== '' && config.ops.password !== '';
}

/**
 * HTTP Basic check for operator pages, in constant time. Answers 401 with a challenge and returns
 * false when the request does not carry the configured credentials.
 */
export function checkOpsCredentials(
  config: AppConfig,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const header = request.headers.authorization ?? '';
  const [scheme, encoded] = header.split(' ');
  const given = scheme?.toLowerCase() === 'basic' && encoded ? Buffer.from(encoded, 'base64').toString() : '';
  const expected = `${config.ops.user}:${config.ops.password}`;
  if (given !== '' && timingSafeEqual(digest(given), digest(expected))) return true;
  void reply
    .status(401)
    .header('WWW-Authenticate', 'Basic realm="FXRates Pro operations", charset="UTF-8"')
    .header('content-type', 'application/problem+json')
    .send(
      JSON.stringify({
        type: '/problems/unauthorized',
        title: 'Sign-in required',
        status: 401,
        code: 'unauthorized',
        message: 'Operator credentials are required.',
      }),
    );
  return false;
}
