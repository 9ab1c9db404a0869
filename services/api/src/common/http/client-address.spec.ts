import { clientIp } from './client-address';

describe('clientIp', () => {
  it('takes the socket address unless the proxy is trusted', () => {
    expect(clientIp({ 'x-forwarded-for': '203.0.113.9' }, '127.0.0.1', false)).toBe('127.0.0.1');
    expect(clientIp({}, '127.0.0.1', true)).toBe('127.0.0.1');
  });

  it('with a trusted proxy takes the first address of X-Forwarded-For, as Fastify does', () => {
    expect(clientIp({ 'x-forwarded-for': ' 203.0.113.9 , 10.0.0.2' }, '127.0.0.1', true)).toBe('203.0.113.9');
    expect(clientIp({ 'x-forwarded-for': '2001:db8::5' }, '127.0.0.1', true)).toBe('2001:db8::5');
    expect(clientIp({ 'x-forwarded-for': ' ' }, '127.0.0.1', true)).toBe('127.0.0.1');
  });
});
