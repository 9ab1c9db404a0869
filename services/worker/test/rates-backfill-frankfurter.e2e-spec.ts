import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from 'pg';
import { backfillFrankfurterHistory } from '../src/history/frankfurter-backfill';
import { connectTestDatabase, storedCloses } from './support/history-rows';

/** Frankfurter's closes per USD by day, as its API would serve them (no weekends, no holidays). */
const CLOSES: Record<string, Record<string, unknown>> = {
  '2024-12-31': { EUR: 0.96246, JPY: 157.2 },
  '2025-01-02': { EUR: 0.96899, JPY: 157.04 },
  '2026-04-09': { EUR: 0.8558, JPY: 159.5 },
  '2026-04-10': { EUR: 0.8539, JPY: 'n/a' },
  '2026-04-13': { EUR: 0.85587, JPY: 159.83 },
};

describe('rates:backfill from Frankfurter time series', () => {
  const source = `frankfurter-test-${randomBytes(4).toString('hex')}`;
  let db: Client;
  let server: Server;
  let baseUrl: string;
  let failRanges = false;
  const requested: string[] = [];

  const stored = () => storedCloses(db, source);

  beforeAll(async () => {
    db = await connectTestDatabase();
    // GET /v1/{start}..{end}?base=USD in Frankfurter's format; the answer's first day may precede
    // `start` (Frankfurter starts at the last business day on or before it).
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      requested.push(`${url.pathname}${url.search}`);
      const match = /^\/v1\/(\d{4}-\d\d-\d\d)\.\.(\d{4}-\d\d-\d\d)$/.exec(url.pathname);
      if (!match || url.searchParams.get('base') !== 'USD') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
        return;
      }
      if (failRanges && match[1] > '2025-06-01') {
        response.writeHead(503, { 'content-type': 'text/plain' }).end('maintenance');
        return;
      }
      const days = Object.keys(CLOSES).filter((d) => d <= match[2]);
      const inRange = days.filter((d) => d >= match[1]);
      const before = days.filter((d) => d < match[1]).at(-1);
      const rates = Object.fromEntries([...(before ? [before] : []), ...inRange].map((d) => [d, CLOSES[d]]));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ amount: 1, base: 'USD', start_date: match[1], end_date: match[2], rates }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await db.query('delete from rate_history where source = $1', [source]);
    await db.end();
    await new Promise((resolve) => server.close(resolve));
  });

  it('imports year by year, skipping bad values and inventing nothing for weekends and holidays', async () => {
    const progress: number[] = [];
    const result = await backfillFrankfurterHistory(db, {
      baseUrl,
      from: '2024-12-30',
      to: '2026-04-13',
      source,
      onProgress: ({ done, total }) => progress.push(done / total),
    });
    expect(requested).toEqual(['/v1/2024-12-30..2025-12-30?base=USD', '/v1/2025-12-31..2026-04-13?base=USD']);
    expect(progress).toEqual([0.5, 1]);
    expect(result).toMatchObject({
      days: 5,
      rates: 9,
      inserted: 9,
      updated: 0,
      first: '2024-12-31',
      last: '2026-04-13',
    });
    expect(result.skipped).toEqual(['2026-04-10: JPY not a number: "n/a"']);
    expect(await stored()).toEqual([
      '2024-12-31 EUR 0.96246',
      '2024-12-31 JPY 157.2',
      '2025-01-02 EUR 0.96899',
      '2025-01-02 JPY 157.04',
      '2026-04-09 EUR 0.8558',
      '2026-04-09 JPY 159.5',
      '2026-04-10 EUR 0.8539',
      '2026-04-13 EUR 0.85587',
      '2026-04-13 JPY 159.83',
    ]);
  });

  it('changes nothing when run again, and nothing at all when a year fails half-way', async () => {
    const again = await backfillFrankfurterHistory(db, {
      baseUrl,
      from: '2024-12-30',
      to: '2026-04-13',
      source,
    });
    expect(again).toMatchObject({ days: 5, inserted: 0, updated: 0 });

    CLOSES['2025-01-02'].EUR = 0.97;
    failRanges = true;
    try {
      await expect(
        backfillFrankfurterHistory(db, { baseUrl, from: '2024-12-30', to: '2026-04-13', source }),
      ).rejects.toThrow(/answered 503/);
    } finally {
      failRanges = false;
      CLOSES['2025-01-02'].EUR = 0.96899;
    }
    expect(await stored()).toContain('2025-01-02 EUR 0.96899');
  });
});
