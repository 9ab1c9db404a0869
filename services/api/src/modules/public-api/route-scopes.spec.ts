import { ENDPOINT_SCOPES } from '@fxrates/domain';
import { declaredPublicRoutes } from './public-api.routes';

// The handlers are never called: only what each route declares is read.
const routes = declaredPublicRoutes();

describe('the scope each /api/v1 route needs', () => {
  it.each(routes.map((route) => [route.path, route] as const))('%s', (path, route) => {
    const name =
      route.endpoint ??
      (path.endsWith('/currencies') ? 'currencies' : path.endsWith('/usage') ? 'usage' : undefined);
    expect(name).toBeDefined();
    // The one table the dashboard, the docs and the API share.
    expect(route.scope).toBe(ENDPOINT_SCOPES[name!]);
  });
});
