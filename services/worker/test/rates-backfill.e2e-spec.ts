import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from 'pg';
import { backfillEcbHistory, type BackfillProgress } from '../src/history/ecb-backfill';
import { connectTestDatabase, storedCloses } from './support/history-rows';

/** Three working days in the ECB's own CSV format (EUR-based, newest first, trailing commas). */
const ECB_CSV = [
  'Date,USD,JPY,GBP,CYP,',
  '2026-04-13,1.25,150.5,0.8,N/A,',
  '2026-04-10,2,N/A,1,N/A,',
  '2026-04-09,1.6,160,0.8,N/A,',
  '',
].join('\n');

describe('rates:backfill from the ECB history CSV', () => {
  const source = `ecb-test-${randomBytes(4).toString('hex')}`;
  let db: Client;
  let server: Server;
  let baseUrl: string;
  let body = ECB_CSV;
  let status = 200;

  const stored = () => storedCloses(db, source);

  beforeAll(async () => {
    db = await connectTestDatabase();
    server = createServer((_request, response) => {
      response.writeHead(status, { 'content-type': 'text/csv', 'content-length': Buffer.byteLength(body) });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    body = ECB_CSV;
    status = 200;
  });
  afterAll(async () => {
    await db.query('delete from rate_history where source = $1', [source]);
    await db.end();
    await new Promise((resolve) => server.close(resolve));
  });

  it('stores every quoted rate re-based on USD, reporting progress to the end', async () => {
    const progress: BackfillProgress[] = [];
    const result = await backfillEcbHistory(db, {
      input: `${baseUrl}/eurofxref-hist.csv`,
      source,
      onProgress: (p) => progress.push({ ...p }),
    });
    expect(result).toMatchObject({
      days: 3,
      rates: 8,
      inserted: 8,
      updated: 0,
      first: '2026-04-09',
      last: '2026-04-13',
    });
    expect(await stored()).toEqual([
      '2026-04-09 EUR 0.625',
      '2026-04-09 GBP 0.5',
      '2026-04-09 JPY 100',
      '2026-04-10 EUR 0.5',
      '2026-04-10 GBP 0.5',
      '2026-04-13 EUR 0.8',
      '2026-04-13 GBP 0.64',
      '2026-04-13 JPY 120.4',
    ]);
    expect(progress.at(-1)).toMatchObject({
      days: 3,
      bytesRead: Buffer.byteLength(ECB_CSV),
      totalBytes: Buffer.byteLength(ECB_CSV),
    });
  });

  it('changes only what differs when run again', async () => {
    const again = await backfillEcbHistory(db, { input: `${baseUrl}/x.csv`, source });
    expect(again).toMatchObject({ rates: 8, inserted: 0, updated: 0 });
    body = ECB_CSV.replace('2026-04-10,2,N/A,1,', '2026-04-10,2,N/A,1.2,');
    const corrected = await backfillEcbHistory(db, { input: `${baseUrl}/x.csv`, source });
    expect(corrected).toMatchObject({ inserted: 0, updated: 1 });
    expect(await stored()).toContain('2026-04-10 GBP 0.6');
  });

  it('imports only the days asked for', async () => {
    await db.query('delete from rate_history where source = $1', [source]);
    const result = await backfillEcbHistory(db, {
      input: `${baseUrl}/x.csv`,
      source,
      from: '2026-04-10',
      to: '2026-04-10',
    });
    expect(result).toMatchObject({ days: 1, first: '2026-04-10', last: '2026-04-10' });
    expect(await stored()).toEqual(['2026-04-10 EUR 0.5', '2026-04-10 GBP 0.5']);
  });

  it('changes nothing when the file is malformed half-way, and says where', async () => {
    const before = await stored();
    body = ECB_CSV.replace('2026-04-09,1.6,160,', '2026-04-09,1.6,-160,');
    await expect(backfillEcbHistory(db, { input: `${baseUrl}/x.csv`, source })).rejects.toThrow(
      'ECB history, line 4: JPY rate "-160" is not a positive number',
    );
    expect(await stored()).toEqual(before);
  });

  it('says what the server answered when it refuses', async () => {
    status = 503;
    await expect(backfillEcbHistory(db, { input: `${baseUrl}/x.csv`, source })).rejects.toThrow(
      `${baseUrl}/x.csv answered 503`,
    );
    expect((await db.query('select 1')).rows).toHaveLength(1); // the connection is usable again
  });
});
