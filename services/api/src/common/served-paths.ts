import type { AppConfig } from '@fxrates/config';
import { PUBLIC_API_PREFIX } from '../modules/public-api/public-route';
import { METRICS_PATH } from '../modules/ops/ops.routes';

const HEALTH_PATH = '/api/health';

/** Whether `path` is `prefix` itself or below it. */
const within = (path: string, prefix: string) =>
  path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47); // "/"

/** What an API process serves in `public-api` mode: the public API, its health and its metrics. */
function publicApiOnly(url: string): boolean {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  return within(path, PUBLIC_API_PREFIX) || within(path, HEALTH_PATH) || path === METRICS_PATH;
}

/**
 * Which request URLs this process serves (`API_ROUTES`); the others are 404 here. A deployment of
 * its own for the public API (deploy/k8s/api-public.yaml) never runs a dashboard write, so MikroORM
 * never turns on Node's async hooks there: they cost every request about 7 % of its CPU
 * (README, Performance).
 */
export function servedPaths(config: AppConfig): ((url: string) => boolean) | undefined {
  return config.api.routes === 'public-api' ? publicApiOnly : undefined;
}
