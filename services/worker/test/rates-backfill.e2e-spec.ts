import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClosesImportRepository } from '@fxrates/db';
import type { Client } from 'pg';
import { backfillEcbHistory, ecbHistoryZipUrl, type BackfillProgress } from '../src/history/ecb-backfill';
import { extractSingleEntry, isZip } from '../src/history/zip-entry';
import { testConfig } from '../../api/test/test-config';
import { connectTestDatabase, storedCloses } from './support/history-rows';
import { zip } from './support/zip-writer';

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
  let imports: ClosesImportRepository;
  let server: Server;
  let baseUrl: string;
  let body: string | Buffer = ECB_CSV;
  let status = 200;
  let requested: string[] = [];

  const stored = () => storedCloses(db, source);
  /** Where the ZIP tests write: a source of its own, so their results do not depend on the CSV tests'. */
  const zipSource = `${source}-zip`;
  const ALL_ROWS = [
    '2026-04-09 EUR 0.625',
    '2026-04-09 GBP 0.5',
    '2026-04-09 JPY 100',
    '2026-04-10 EUR 0.5',
    '2026-04-10 GBP 0.5',
    '2026-04-13 EUR 0.8',
    '2026-04-13 GBP 0.64',
    '2026-04-13 JPY 120.4',
  ];

  beforeAll(async () => {
    db = await connectTestDatabase();
    imports = new ClosesImportRepository(db);
    server = createServer((request, response) => {
      requested.push(request.url ?? '');
      response.writeHead(status, { 'content-type': 'text/csv', 'content-length': Buffer.byteLength(body) });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    body = ECB_CSV;
    status = 200;
    requested = [];
  });
  afterAll(async () => {
    await imports.deleteCloses({ sources: [source, zipSource] });
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
    expect(await stored()).toEqual(ALL_ROWS);
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
    await imports.deleteCloses({ sources: [source] });
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
    await expect(imports.storedDays(source)).resolves.toEqual(expect.any(Number)); // the connection is usable again
  });

  describe('from the ZIP archive the ECB publishes', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'ecb-zip-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('downloads by default from the configured ECB base URL, and imports the CSV inside', async () => {
      const input = ecbHistoryZipUrl(testConfig({ RATES_ECB_URL: `${baseUrl}/` }).rates.ecbBaseUrl);
      expect(input).toBe(`${baseUrl}/stats/eurofxref/eurofxref-hist.zip`);
      body = zip([{ name: 'eurofxref-hist.csv', content: ECB_CSV }]);
      const progress: BackfillProgress[] = [];
      const result = await backfillEcbHistory(db, {
        input,
        source: zipSource,
        onProgress: (p) => progress.push({ ...p }),
      });
      expect(requested).toEqual(['/stats/eurofxref/eurofxref-hist.zip']);
      expect(result).toMatchObject({ days: 3, rates: 8, inserted: 8, updated: 0 });
      expect(await storedCloses(db, zipSource)).toEqual(ALL_ROWS);
      // Progress counts the unzipped CSV, not the download.
      const csvBytes = Buffer.byteLength(ECB_CSV);
      expect(progress.at(-1)).toMatchObject({ days: 3, bytesRead: csvBytes, totalBytes: csvBytes });
    });

    it('builds the default URL from RATES_ECB_URL, or the ECB itself when unset', () => {
      expect(ecbHistoryZipUrl(testConfig().rates.ecbBaseUrl)).toBe(
        'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip',
      );
      const mirror = testConfig({ RATES_ECB_URL: 'http://127.0.0.1:8123/mirror//' }).rates.ecbBaseUrl;
      expect(ecbHistoryZipUrl(mirror)).toBe(
        'http://127.0.0.1:8123/mirror/stats/eurofxref/eurofxref-hist.zip',
      );
    });

    it.each([
      ['a URL, deflated with a data descriptor', 'url', 8],
      ['a file, stored with a data descriptor', 'file', 0],
    ] as const)('reads sizes from the central directory: %s', async (_what, where, method) => {
      const archive = zip(
        [
          { name: 'docs/', content: '', method: 0 },
          { name: 'docs/README.txt', content: 'not the data' },
          { name: '__MACOSX/._eurofxref-hist.csv', content: 'resource fork', method: 0 },
          { name: 'data/eurofxref-hist.csv', content: ECB_CSV, method, dataDescriptor: true },
        ],
        'a trailing archive comment',
      );
      let input = `${baseUrl}/download?format=zip`; // recognised by its bytes, not its name
      if (where === 'file') {
        input = join(dir, 'history.bin');
        await writeFile(input, archive);
      } else {
        body = archive;
      }
      const result = await backfillEcbHistory(db, { input, source: zipSource });
      expect(result).toMatchObject({ days: 3, rates: 8, updated: 0 });
      expect(await storedCloses(db, zipSource)).toEqual(ALL_ROWS);
    });

    it('reads a plain CSV even when it is named .zip', async () => {
      const file = join(dir, 'eurofxref-hist.zip');
      await writeFile(file, ECB_CSV);
      const result = await backfillEcbHistory(db, { input: file, source: zipSource, to: '2026-04-09' });
      expect(result).toMatchObject({ days: 1, rates: 3, first: '2026-04-09' });
    });

    it('says so, and writes nothing, when the ZIP holds no CSV', async () => {
      const emptySource = `${source}-none`;
      body = zip([{ name: 'eurofxref-hist.xml', content: '<rates/>' }]);
      await expect(
        backfillEcbHistory(db, { input: `${baseUrl}/eurofxref-hist.zip`, source: emptySource }),
      ).rejects.toThrow(`${baseUrl}/eurofxref-hist.zip: the ZIP archive has no .csv entry`);
      expect(await storedCloses(db, emptySource)).toEqual([]);
      await expect(imports.storedDays(emptySource)).resolves.toBe(0); // the transaction was rolled back
    });

    it('names a compression method it cannot read', async () => {
      const file = join(dir, 'bzip2.zip');
      await writeFile(file, zip([{ name: 'eurofxref-hist.csv', content: ECB_CSV, method: 12 }]));
      await expect(backfillEcbHistory(db, { input: file, source: zipSource })).rejects.toThrow(
        'eurofxref-hist.csv: unsupported compression method 12',
      );
    });
  });
});

describe('extractSingleEntry', () => {
  const csv = Buffer.from(ECB_CSV);

  it('tells a ZIP by its signature', () => {
    expect(isZip(zip([{ name: 'a.csv', content: csv }]))).toBe(true);
    expect(isZip(Buffer.from('PK'))).toBe(false);
    expect(isZip(csv)).toBe(false);
  });

  it('returns the one .csv entry, whatever its case', () => {
    const entry = extractSingleEntry(zip([{ name: 'HIST.CSV', content: csv, dataDescriptor: true }]), '.csv');
    expect(entry).toEqual({ name: 'HIST.CSV', data: csv });
  });

  it('explains what is wrong with an archive', () => {
    const two = zip([
      { name: 'a.csv', content: csv },
      { name: 'b.csv', content: csv },
    ]);
    expect(() => extractSingleEntry(two, '.csv')).toThrow('2 .csv entries (a.csv, b.csv): expected one');
    expect(() => extractSingleEntry(csv, '.csv')).toThrow('not a ZIP archive');
    const whole = zip([{ name: 'a.csv', content: csv }]);
    expect(() => extractSingleEntry(whole.subarray(0, whole.length - 10), '.csv')).toThrow(
      'no end of central directory record',
    );
    const corrupt = Buffer.from(whole);
    corrupt[30 + 'a.csv'.length] = 0xff; // the first deflate block header: reserved block type 3
    expect(() => extractSingleEntry(corrupt, '.csv')).toThrow(
      'the ZIP archive cannot be read: invalid block type',
    );
    expect(() => extractSingleEntry(whole, '.csv', 10)).toThrow('more than the 10 allowed');
  });
});
