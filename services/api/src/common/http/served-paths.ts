import type { AppConfig } from '@fxrates/config';
import { METRICS_PATH } from '../metrics';

const HEALTH_PATHS = ['/api/health', '/api/health/live', '/api/health/ready'];
const READS = new Set(['GET', 'HEAD']);

/** Whether `path` is `prefix` itself or below it. */
const within = (path: string, prefix: string) =>
  path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47); // "/"

/**
 * Before routing, for the routes answered ahead of Fastify (DirectRoutes match the raw path
 * exactly): in `public-api` mode only a path of the public API (below `publicApiPrefix`), its
 * health or its metrics may be.
 */
const publicApiOnly = (publicApiPrefix: string) => (url: string) => {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  return within(path, publicApiPrefix) || HEALTH_PATHS.includes(path) || path === METRICS_PATH;
};

/**
 * Which request URLs this process serves (`API_ROUTES`), as a check of the raw URL for the routes
 * served before Fastify; the others are 404 here. A deployment of its own for the public API
 * (deploy/k8s/api-public.yaml) scales on its own, and a dashboard surge cannot slow it.
 */
export function servedPaths(
  config: AppConfig,
  publicApiPrefix: string,
): ((url: string) => boolean) | undefined {
  return config.api.routes === 'public-api' ? publicApiOnly(publicApiPrefix) : undefined;
}

/**
 * The same decision on the route Fastify matched, whatever spelling of the URL reached it: in
 * `public-api` mode, only reads of the public API's own routes (`publicRoutes`, the metered table;
 * not the web app's POSTs that share its prefix), health and metrics, and CORS preflights.
 */
export function servedRoutes(
  config: AppConfig,
  publicRoutes: readonly string[],
): ((method: string, route: string | undefined) => boolean) | undefined {
  if (config.api.routes !== 'public-api') return undefined;
  const allowed = new Set([...publicRoutes, ...HEALTH_PATHS, METRICS_PATH]);
  return (method, route) =>
    method === 'OPTIONS' || (READS.has(method) && route !== undefined && allowed.has(route));
}
