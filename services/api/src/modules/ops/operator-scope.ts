import { clientAddressKey, type OperatorAccess } from '@fxrates/config';
import { ErrorCode } from '@fxrates/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const READS = new Set(['GET', 'HEAD']);

/**
 * Registers operator routes in a Fastify scope of their own whose hook checks the operator's
 * credentials. Fastify runs a scope's hooks on the routes registered in it once the router has
 * matched them, so every spelling of the URL that reaches one of these routes (percent-encoded,
 * absolute-form, any other the router accepts) is checked, and no spelling of another route is.
 * Unless `writable`, only reads get through.
 */
export function registerOperatorScope(
  fastify: FastifyInstance,
  access: OperatorAccess,
  writable: boolean,
  routes: (scope: FastifyInstance) => Promise<void>,
): void {
  // Not awaited: awaiting a plugin here makes Fastify build the routes Nest has declared so far,
  // before Nest sets its error handler, and those routes would answer body errors as Fastify's own
  // JSON instead of problems. Fastify loads the scope with the rest when the app gets ready.
  void fastify.register(async (scope) => {
    scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const verdict = await access.check(request.headers.authorization, clientAddressKey(request.ip));
      if (!verdict.granted)
        return reply.status(verdict.status).headers(verdict.headers).send(Buffer.from(verdict.body));
      // Bytes, so Fastify sends the problem's media type as given, without a charset.
      if (!writable && !READS.has(request.method))
        return reply.status(405).headers(readOnly.headers).send(readOnly.body);
    });
    await routes(scope);
  });
}

const readOnly = {
  headers: { 'content-type': 'application/problem+json', allow: 'GET, HEAD' },
  body: Buffer.from(
    JSON.stringify({
      type: `/problems/${ErrorCode.MethodNotAllowed}`,
      title: 'Method not allowed',
      status: 405,
      detail: 'Bull Board is read-only here. Set OPS_QUEUES_WRITABLE=true to change jobs.',
      code: ErrorCode.MethodNotAllowed,
      message: 'Bull Board is read-only here. Set OPS_QUEUES_WRITABLE=true to change jobs.',
    }),
  ),
};
