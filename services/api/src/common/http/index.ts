/**
 * The HTTP server and what answers on it: Node's server with its timeouts, the routes served before
 * Fastify (DirectRoutes), problem+json answers for every error (problem-reply, the Nest filter,
 * Fastify's own router errors), pushed responses, conditional requests, compression, pooled response
 * buffers, request ids, client addresses, the access log, and which paths this process serves.
 */
export * from './access-log';
export * from './buffer-pool';
export * from './client-address';
export * from './conditional-request';
export * from './content-encoding';
export * from './direct-routes';
export * from './direct-routes.module';
export * from './framework-errors';
export * from './http-server';
export * from './problem-reply';
export * from './problem.filter';
export * from './push-connection';
export * from './request-id';
export * from './served-paths';
