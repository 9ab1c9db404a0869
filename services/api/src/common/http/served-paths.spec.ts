import { loadConfig } from '@fxrates/config';
import { servedPaths, servedRoutes } from './served-paths';

describe('servedPaths', () => {
  it('serves everything by default', () => {
    expect(servedPaths(loadConfig({ NODE_ENV: 'test' }), '/api/v1')).toBeUndefined();
  });

  it('in public-api mode serves /api/v1, health and metrics, and nothing that only begins like them', () => {
    const served = servedPaths(loadConfig({ NODE_ENV: 'test', API_ROUTES: 'public-api' }), '/api/v1');
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

  it('in public-api mode serves only reads of the listed public routes, health and metrics, by matched route', () => {
    const serves = servedRoutes(loadConfig({ NODE_ENV: 'test', API_ROUTES: 'public-api' }), [
      '/api/v1/rates/latest',
      '/api/v1/rates/historical/:date',
    ]);
    expect(serves?.('GET', '/api/v1/rates/latest')).toBe(true);
    expect(serves?.('HEAD', '/api/v1/rates/historical/:date')).toBe(true);
    expect(serves?.('GET', '/api/health/ready')).toBe(true);
    expect(serves?.('GET', '/api/metrics')).toBe(true);
    expect(serves?.('OPTIONS', undefined)).toBe(true);
    expect(serves?.('POST', '/api/v1/subscriptions')).toBe(false);
    expect(serves?.('POST', '/api/v1/contact')).toBe(false);
    expect(serves?.('POST', '/api/v1/rates/latest')).toBe(false);
    expect(serves?.('GET', '/api/docs-json')).toBe(false);
    expect(serves?.('GET', undefined)).toBe(false);
    expect(servedRoutes(loadConfig({ NODE_ENV: 'test' }), [])).toBeUndefined();
  });
});
