import type { FastifyRequest } from 'fastify';
import { originOf } from './request-origin';

const request = (ip: string, headers: Record<string, string>) =>
  ({ ip, headers }) as unknown as FastifyRequest;

describe('originOf', () => {
  it('gives the address Fastify settled on and the User-Agent as sent', () => {
    expect(originOf(request('203.0.113.9', { 'user-agent': 'Mozilla/5.0' }))).toEqual({
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
    });
  });

  it('gives null, not an empty string, for what the request did not tell', () => {
    expect(originOf(request('', { 'user-agent': '' }))).toEqual({ ip: null, userAgent: null });
    expect(originOf(request('::1', {}))).toEqual({ ip: '::1', userAgent: null });
  });
});
