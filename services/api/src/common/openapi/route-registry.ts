import type { FastifyInstance } from 'fastify';

const routesByServer = new WeakMap<FastifyInstance, string[]>();

/** Records every application route as "METHOD /path" ({param} style) as Fastify registers it. */
export function recordRoutes(fastify: FastifyInstance): void {
  const routes: string[] = [];
  routesByServer.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    // Swagger UI and the operator pages are not part of the documented API.
    if (route.url.startsWith('/api/docs') || route.url.startsWith('/admin/') || route.url === '/api/metrics')
      return;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
    }
  });
}

export function recordedRoutes(fastify: FastifyInstance): string[] {
  return routesByServer.get(fastify) ?? [];
}
