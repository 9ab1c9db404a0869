import { loadConfig } from '@fxrates/config';
import { servedPaths } from './served-paths';

describe('servedPaths', () => {
  it('serves everything by default', () => {
    expect(servedPaths(loadConfig({ NODE_ENV: 'test' }))).toBeUndefined();
  });

  it('in public-api mode serves /api/v1, health and metrics, and nothing that only begins like them', () => {
    const served = servedPaths(loadConfig({ NODE_ENV: 'test', API_ROUTES: 'public-api' }));
    const yes = [
      '/api/v1',
      '/api/v1?x=1',
      '/api/v1/rates/latest?base=USD',
      '/api/health',
      '/api/health/ready',
      '/api/metrics',
    ];
    const no = [
      '/api/v10',
      '/api/v1x/rates',
      '/api/healthz',
      '/api/metrics/x',
      '/api/auth/login',
      '/',
      '/api',
      '/api/rates/convert',
    ];
    expect(yes.filter((url) => !served?.(url))).toEqual([]);
    expect(no.filter((url) => served?.(url))).toEqual([]);
  });
});
