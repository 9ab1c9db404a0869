import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFxRatesClient } from './client';

/**
 * A loopback stand-in answering /api/v1/rates/latest with an ETag (the API does not send one yet),
 * 304 to a matching If-None-Match, and the rate-limit headers on both.
 */
async function standIn(cacheControl: string) {
  const seen: IncomingMessage['headers'][] = [];
  let version = 1;
  const server = createServer((req, res) => {
    seen.push(req.headers);
    const etag = `"v${version}"`;
    const common = {
      'X-Request-Id': `req-${seen.length}`,
      'X-RateLimit-Remaining': String(1000 - seen.length),
      'Cache-Control': cacheControl,
      ETag: etag,
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, common).end();
      return;
    }
    res.writeHead(200, { ...common, 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ base: 'USD', rates: { EUR: version === 1 ? 0.9 : 0.91 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    seen,
    change: () => version++,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('etagCache', () => {
  it('revalidates with If-None-Match and answers a 304 with the kept body and the new headers', async () => {
    const api = await standIn('no-cache');
    try {
      const fx = createFxRatesClient({ apiKey: 'k', baseUrl: api.baseUrl, etagCache: true });
      const first = await fx.latest({ symbols: ['EUR'] });
      expect(first).toMatchObject({ notModified: false, etag: '"v1"', data: { rates: { EUR: 0.9 } } });
      const second = await fx.latest({ symbols: ['EUR'] });
      expect(api.seen[1]['if-none-match']).toBe('"v1"');
      expect(second).toMatchObject({ status: 200, notModified: true, requestId: 'req-2', data: first.data });
      expect(second.rateLimit?.remaining).toBe(998);
      api.change();
      const third = await fx.latest({ symbols: ['EUR'] });
      expect(third).toMatchObject({ notModified: false, etag: '"v2"', data: { rates: { EUR: 0.91 } } });
      // Another query is another answer: not revalidated against this one.
      await fx.latest({ symbols: ['GBP'] });
      expect(api.seen[3]['if-none-match']).toBeUndefined();
    } finally {
      await api.close();
    }
  });

  it('keeps nothing the API marks no-store, and is off by default', async () => {
    const noStore = await standIn('no-store');
    const cacheable = await standIn('no-cache');
    try {
      const fx = createFxRatesClient({ apiKey: 'k', baseUrl: noStore.baseUrl, etagCache: true });
      await fx.latest();
      await fx.latest();
      const plain = createFxRatesClient({ apiKey: 'k', baseUrl: cacheable.baseUrl });
      await plain.latest();
      const again = await plain.latest();
      expect(again.notModified).toBe(false);
      const conditional = [...noStore.seen, ...cacheable.seen].map((headers) => headers['if-none-match']);
      expect(conditional).toEqual([undefined, undefined, undefined, undefined]);
    } finally {
      await noStore.close();
      await cacheable.close();
    }
  });
});
