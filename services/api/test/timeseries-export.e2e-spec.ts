import { MikroORM } from '@mikro-orm/postgresql';
import { RateHistoryRepository } from '@fxrates/db';
import { FIAT } from '@fxrates/domain';
import type { GivenCloses } from '@fxrates/testing';
import { get as httpGet, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { RateHistory } from '../src/modules/history';
import { until } from '../../worker/test/support/waiting';
import { givenIn } from './support/given';
import { seedHistory } from './support/history-seed';
import { keysOnPlans } from './support/plan-keys';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** The ECB's closes: first in the history's precedence. */
const HISTORY_SOURCE = 'ecb';

/**
 * Closes of every weekday of 1992 (no other test file writes that year), each rate with 20
 * significant digits so the exports' rates are rounded exactly as the JSON answer's are.
 */
const YEAR = 1992;
/** Every fiat currency: an export without symbols is then several MB, more than the sockets hold. */
const CURRENCIES = FIAT.map(({ code }) => code).filter((code) => code !== 'USD');
/** Weekdays of 1992. */
const DAYS = 262;
function seededCloses(): GivenCloses {
  const closes: GivenCloses = {};
  for (let t = Date.UTC(YEAR, 0, 1), i = 0; t < Date.UTC(YEAR + 1, 0, 1); t += 86_400_000, i++) {
    const weekday = new Date(t).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const day = new Date(t).toISOString().slice(0, 10);
    closes[day] = {};
    CURRENCIES.forEach((currency, c) => {
      const whole = c % 4 === 0 ? 0 : (c * 37) % 500;
      const fraction = String(((i + 1) * 982_451_653 + c * 7_919) % 1_000_000_000).padStart(9, '0');
      closes[day][currency] = `${whole}.${c + 5}${fraction}47381920`;
    });
  }
  return closes;
}

/** An answer read off the socket as sent: status, headers, and the body's chunks as they came. */
interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  chunks: Buffer[];
  body: Buffer;
}

/** `"YYYY-MM-DD":{"EUR":0.8,…}` of a JSON time series as rows of text, digits as sent. */
function jsonRows(text: string): string[][] {
  const rows: string[][] = [];
  const base = /"base":"([A-Z]+)"/.exec(text)![1];
  for (const [, day, members] of text.matchAll(/"(\d{4}-\d{2}-\d{2})":\{([^}]*)\}/g)) {
    for (const [, code, rate] of members.matchAll(/"([A-Z]+)":([^,]+)/g)) rows.push([day, base, code, rate]);
  }
  return rows;
}

describe('time series exports: CSV and NDJSON', () => {
  const ORIGIN = 'https://app.example.test';
  let t: TestApp;
  let port: number;
  let keys: Record<'free' | 'basic' | 'professional', string>;
  /** The API's log lines. */
  const lines: { level: number; msg: string; reqId?: string }[] = [];
  const history = () => new RateHistoryRepository(t.app.get(MikroORM).em.fork());
  const v1 = (path: string, plan: keyof typeof keys = 'professional') =>
    request(t.app.getHttpServer()).get(`/api/v1${path}`).set('X-API-Key', keys[plan]);
  const used = async () => (await v1('/usage').expect(200)).body.used as number;

  /** A GET over a connection of its own, its body as raw bytes (not decompressed). */
  function raw(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const req = httpGet(
        {
          host: '127.0.0.1',
          port,
          path: `/api/v1${path}`,
          agent: false,
          headers: { 'x-api-key': keys.professional, ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, chunks, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
    });
  }

  const YEAR_QUERY = `start=${YEAR}-01-01&end=${YEAR}-12-31`;
  /** A GET over its own connection with the professional key and `headers`, read by `onResponse`. */
  const professionalGet = (
    path: string,
    headers: Record<string, string>,
    onResponse: (res: IncomingMessage) => void,
  ) =>
    httpGet(
      {
        host: '127.0.0.1',
        port,
        path,
        agent: false,
        headers: { 'x-api-key': keys.professional, ...headers },
      },
      onResponse,
    );

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await startTestApp(testConfig({ CORS_ORIGINS: ORIGIN, LOG_LEVEL: 'info' }), { logDestination: sink });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    await seedHistory(t);
    await givenIn(t.app).closes(seededCloses(), HISTORY_SOURCE);
    keys = await keysOnPlans(t.app, ['free', 'basic', 'professional']);
  });

  afterAll(async () => {
    await givenIn(t.app).noCloses({ sources: [HISTORY_SOURCE], from: `${YEAR}-01-01`, to: `${YEAR}-12-31` });
    await t.close();
  });

  it('answers CSV by format= and by Accept: the JSON answer’s closes, digit for digit, with their provenance', async () => {
    const query = `/rates/timeseries?${YEAR_QUERY}&base=GBP&symbols=EUR,USD,JPY`;
    const json = await v1(query).expect(200);
    const expected = jsonRows(json.text);
    expect(expected.length).toBe(DAYS * 3);

    const byFormat = await v1(`${query}&format=csv`).expect(200);
    const byAccept = await v1(query).set('Accept', 'text/csv').expect(200);
    expect(byAccept.text).toBe(byFormat.text);
    for (const res of [byFormat, byAccept]) {
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="fxrates-timeseries-GBP-${YEAR}-01-01-${YEAR}-12-31.csv"`,
      );
      expect(res.headers['content-length']).toBeUndefined();
      expect(res.headers['transfer-encoding']).toBe('chunked');
    }

    const lines = byFormat.text.split('\r\n');
    expect(lines.pop()).toBe(''); // every record ends with CRLF
    expect(lines.shift()).toBe('date,base,symbol,rate,source,timestamp,stale,marketClosed');
    const rows = lines.map((line) => line.split(','));
    expect(rows.map((row) => row.slice(0, 4))).toEqual(expected);
    for (const row of rows) expect([row[4], row[6], row[7]]).toEqual(['ecb', 'false', 'false']);
    // Each row carries its own close's publication time (16:00 in Frankfurt, CET or CEST)…
    expect(rows.find((row) => row[0] === `${YEAR}-01-02`)![5]).toBe(`${YEAR}-01-02T15:00:00.000Z`);
    expect(rows.find((row) => row[0] === `${YEAR}-07-01`)![5]).toBe(`${YEAR}-07-01T14:00:00.000Z`);
    // …and the last is the JSON answer's timestamp.
    expect(rows.at(-1)![5]).toBe(json.body.timestamp);
    expect(json.body.source).toEqual(['ecb']);
  });

  it('answers NDJSON by format= and by Accept (x-ndjson or ndjson), rates as numbers or, with numbers=string, exact strings', async () => {
    const query = `/rates/timeseries?start=${YEAR}-03-01&end=${YEAR}-04-30&symbols=EUR,INR`;
    const json = await v1(query).expect(200);
    const expected = jsonRows(json.text);
    const answers = [
      await v1(`${query}&format=ndjson`).expect(200),
      await v1(query).set('Accept', 'application/x-ndjson').expect(200),
      await v1(query).set('Accept', 'text/html;q=0.5, application/ndjson').expect(200),
    ];
    for (const res of answers) {
      expect(res.headers['content-type']).toBe('application/x-ndjson');
      expect(res.text).toBe(answers[0].text);
    }
    const lines = answers[0].text.split('\n');
    expect(lines.pop()).toBe('');
    const objects = lines.map((line) => JSON.parse(line));
    expect(objects.length).toBe(expected.length);
    objects.forEach((row, r) => {
      const [day, base, symbol, rate] = expected[r];
      expect(row).toEqual({
        date: day,
        base,
        symbol,
        rate: Number(rate),
        source: ['ecb'],
        timestamp: expect.stringMatching(new RegExp(`^${day}T1[45]:00:00\\.000Z$`)),
        stale: false,
        marketClosed: false,
      });
      // The number as written, not as parsed: the same digits as the JSON answer's.
      expect(lines[r]).toContain(`"rate":${rate},`);
    });

    const strings = await v1(`${query}&format=ndjson&numbers=string`).expect(200);
    const stringRows = strings.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(stringRows.map((row) => row.rate)).toEqual(expected.map((row) => row[3]));
  });

  it('leaves the JSON answer as it was for JSON clients', async () => {
    const query = `/rates/timeseries?start=1990-01-01&end=1990-01-07&symbols=EUR`;
    const plain = await v1(query).expect(200);
    for (const accept of [
      'application/json',
      '*/*',
      'application/json, text/plain, */*',
      'text/csv;q=0.1, */*',
    ]) {
      const res = await v1(query).set('Accept', accept).expect(200);
      expect([accept, res.headers['content-type'], res.text]).toEqual([
        accept,
        plain.headers['content-type'],
        plain.text,
      ]);
    }
    expect((await v1(`${query}&format=json`).expect(200)).text).toBe(plain.text);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.vary).toBe('Accept, Accept-Encoding, X-API-Key');
  });

  it('streams a long export in chunks, and the browser path (Fastify) sends the same bytes', async () => {
    const path = `/rates/timeseries?${YEAR_QUERY}&base=EUR&format=csv`;
    const direct = await raw(path);
    expect(direct.status).toBe(200);
    expect(direct.headers['transfer-encoding']).toBe('chunked');
    expect(direct.headers['content-length']).toBeUndefined();
    expect(direct.chunks.length).toBeGreaterThan(1);
    // Every weekday × every currency but the base, USD included, and the header row.
    expect(direct.body.toString().trimEnd().split('\r\n').length).toBe(DAYS * CURRENCIES.length + 1);

    const browser = await raw(path, { origin: ORIGIN });
    expect(browser.status).toBe(200);
    expect(browser.headers['access-control-allow-origin']).toBe(ORIGIN);
    // A script of the web app may read the validator and the file name.
    expect(browser.headers['access-control-expose-headers']).toMatch(/ETag.*Content-Disposition/);
    expect(browser.headers['transfer-encoding']).toBe('chunked');
    expect(browser.headers['etag']).toBe(direct.headers['etag']);
    expect(browser.body.equals(direct.body)).toBe(true);
  });

  it.each([
    ['direct', {}],
    ['Fastify', { origin: ORIGIN }],
  ])('produces rows only as fast as the client reads them (%s)', async (_path, headers) => {
    // Counts the days the export has read from the series, as it reads them.
    const history = t.app.get(RateHistory);
    const seriesTable = history.seriesTable.bind(history);
    let read = 0;
    const spy = jest.spyOn(history, 'seriesTable').mockImplementation(async (...args) => {
      const table = await seriesTable(...args);
      return {
        ...table,
        *days() {
          for (const day of table.days()) {
            read++;
            yield day;
          }
        },
      };
    });
    try {
      const path = `/api/v1/rates/timeseries?${YEAR_QUERY}&base=USD&format=ndjson`;
      const pausedRead = () =>
        new Promise<{ atFirstChunk: number; whilePaused: number; atEnd: number }>((resolve, reject) => {
          read = 0;
          const req = professionalGet(path, headers, (res) => {
            res.once('data', () => {
              const atFirstChunk = read;
              res.pause();
              setTimeout(() => {
                const whilePaused = read;
                res.on('end', () => resolve({ atFirstChunk, whilePaused, atEnd: read }));
                res.resume();
              }, 300);
            });
          });
          req.on('error', reject);
        });
      // Loopback buffers grow with the reading (up to tcp_rmem's maximum, MBs): on a machine so busy
      // that the client's first read comes late, they can take the whole export before the pause.
      // Without backpressure every attempt reads every day while paused; with it one of three stops.
      const attempts: { atFirstChunk: number; whilePaused: number; atEnd: number }[] = [];
      do attempts.push(await pausedRead());
      while (attempts.at(-1)!.whilePaused === DAYS && attempts.length < 3);
      const counts = attempts.at(-1)!;
      expect(attempts.every((attempt) => attempt.atEnd === DAYS)).toBe(true);
      expect(counts.atFirstChunk).toBeLessThan(DAYS);
      expect(counts.whilePaused).toBeLessThan(DAYS);
    } finally {
      spy.mockRestore();
    }
  });

  it.each([
    ['direct', {}, 'Client left during a streamed answer'],
    ['Fastify', { origin: ORIGIN }, 'stream closed prematurely'],
  ])(
    'survives a client leaving mid-export (%s): the export stops, the next request is answered whole',
    async (_path, headers, logged) => {
      const path = `/api/v1/rates/timeseries?${YEAR_QUERY}&base=USD&format=ndjson`;
      const whole = await raw(path.slice('/api/v1'.length));
      await new Promise<void>((resolve, reject) => {
        const req = professionalGet(path, headers, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (error: NodeJS.ErrnoException) =>
          error.code === 'ECONNRESET' ? resolve() : reject(error),
        );
      });
      // The server saw the client leave (so stopped making rows) rather than writing into the void.
      await until(() => lines.some((line) => line.msg === logged));
      const again = await raw(path.slice('/api/v1'.length));
      expect(again.status).toBe(200);
      expect(again.body.equals(whole.body)).toBe(true);
    },
  );

  it.each([
    ['direct', {}, 'A streamed answer failed after its first byte'],
    ['Fastify', { origin: ORIGIN }, 'rows gone'],
  ])(
    'cuts the connection when the rows fail after the first byte (%s), logs it, and answers the next request',
    async (_path, headers, logged) => {
      const history = t.app.get(RateHistory);
      const seriesTable = history.seriesTable.bind(history);
      const spy = jest.spyOn(history, 'seriesTable').mockImplementation(async (...args) => {
        const table = await seriesTable(...args);
        return {
          ...table,
          *days() {
            let read = 0;
            for (const day of table.days()) {
              if (++read === 100) throw new Error('rows gone');
              yield day;
            }
          },
        };
      });
      const path = `/api/v1/rates/timeseries?${YEAR_QUERY}&base=USD&format=csv`;
      try {
        const outcome = await new Promise<{ status: number; bytes: number; ended: boolean }>((resolve) => {
          let bytes = 0;
          let status = 0;
          const req = httpGet(
            {
              host: '127.0.0.1',
              port,
              path,
              agent: false,
              headers: { 'x-api-key': keys.professional, ...headers },
            },
            (res) => {
              status = res.statusCode!;
              res.on('data', (chunk: Buffer) => (bytes += chunk.length));
              res.on('end', () => resolve({ status, bytes, ended: res.complete }));
              res.on('error', () => resolve({ status, bytes, ended: false }));
            },
          );
          req.on('error', () => resolve({ status, bytes, ended: false }));
        });
        // Too late for a problem: a 200 that never ends properly (no final chunk), not one that looks whole.
        expect(outcome.status).toBe(200);
        expect(outcome.bytes).toBeGreaterThan(0);
        expect(outcome.ended).toBe(false);
      } finally {
        spy.mockRestore();
      }
      await until(() => lines.some((line) => line.level >= 40 && JSON.stringify(line).includes(logged)));
      const again = await raw(path.slice('/api/v1'.length));
      expect(again.status).toBe(200);
      expect(again.body.toString().trimEnd().split('\r\n').length).toBe(DAYS * CURRENCIES.length + 1);
    },
  );

  it.each([
    ['?start=1992-03-07&end=1992-03-01&format=csv', 400, 'date-out-of-range'],
    ['?start=1992-01-01&end=1993-01-02&format=csv', 400, 'date-out-of-range'],
    ['?start=1992-01-01&format=csv', 400, 'missing-parameter'],
    ['?start=1992-02-30&end=1992-03-01&format=ndjson', 400, 'invalid-date'],
    ['?start=1992-01-01&end=2999-01-01&format=csv', 400, 'date-out-of-range'],
    ['?start=1992-01-01&end=1992-01-31&format=xml', 400, 'validation-failed'],
    ['?start=1992-01-01&end=1992-01-31&format=ndjson&numbers=float', 400, 'validation-failed'],
    ['?start=1992-01-01&end=1992-01-31&format=json&numbers=float', 400, 'validation-failed'],
    ['?start=1992-01-01&end=1992-01-31&format=csv&when=now', 400, 'validation-failed'],
    ['?start=1992-01-01&end=1992-01-31&format=csv&symbols=XYZ', 400, 'unknown-currency'],
    ['?start=1992-03-07&end=1992-03-08&format=csv', 404, 'history-unavailable'],
    ['?start=1992-01-01&end=1992-01-31&symbols=BTC&format=ndjson', 404, 'history-unavailable'],
    ['?start=1989-12-01&end=1989-12-29&format=csv', 404, 'history-unavailable'],
  ])('refuses %s with a %i %s problem before any row, not counted', async (query, status, code) => {
    const before = await used();
    const res = await v1(`/rates/timeseries${query}`).set('Accept-Encoding', 'gzip').expect(status);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body).toMatchObject({ status, code });
    expect(await used()).toBe(before);
  });

  it.each([
    ['free', 'csv'],
    ['basic', 'ndjson'],
  ] as const)('refuses an export to a %s key with 403 plan-upgrade-required', async (plan, format) => {
    const res = await v1(`/rates/timeseries?${YEAR_QUERY}&format=${format}`, plan).expect(403);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.body).toMatchObject({ code: 'plan-upgrade-required' });
    expect(res.body.message).toContain('Professional');
  });

  it('answers an Accept allowing none of JSON, CSV or NDJSON with 406 not-acceptable, unless format= says which', async () => {
    const query = `/rates/timeseries?start=${YEAR}-01-01&end=${YEAR}-01-31&symbols=EUR`;
    const before = await used();
    for (const accept of [
      'application/xml',
      'text/csv;q=0, application/json;q=0, application/x-ndjson;q=0',
    ]) {
      const res = await v1(query).set('Accept', accept).expect(406);
      expect(res.headers['content-type']).toBe('application/problem+json');
      expect(res.body).toMatchObject({ status: 406, code: 'not-acceptable' });
    }
    expect(await used()).toBe(before);
    const explicit = await v1(`${query}&format=csv`).set('Accept', 'application/xml').expect(200);
    expect(explicit.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
  });

  it('meters an export once, as the JSON answer is', async () => {
    const query = `/rates/timeseries?start=${YEAR}-05-01&end=${YEAR}-05-31`;
    for (const format of ['csv', 'ndjson', 'json']) {
      const before = await used();
      const res = await v1(`${query}&format=${format}`).expect(200);
      expect(res.headers['x-ratelimit-remaining']).toEqual(expect.any(String));
      expect([format, await used()]).toEqual([format, before + 1]);
    }
  });

  it('answers If-None-Match with its ETag 304 (metered, no body), by weak comparison, in a list or *', async () => {
    const path = `/rates/timeseries?start=${YEAR}-06-01&end=${YEAR}-06-30&symbols=EUR,CHF&format=csv`;
    const first = await raw(path);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers.vary).toBe('Accept, Accept-Encoding, X-API-Key');
    expect((await raw(path)).headers.etag).toBe(etag);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const before = await used();
      const notModified = await raw(path, { 'if-none-match': ifNoneMatch });
      expect([ifNoneMatch, notModified.status, notModified.body.length]).toEqual([ifNoneMatch, 304, 0]);
      expect(notModified.headers.etag).toBe(etag);
      expect(notModified.headers['cache-control']).toBe(first.headers['cache-control']);
      expect(notModified.headers.vary).toBe(first.headers.vary);
      expect(await used()).toBe(before + 1);
    }
    const other = await raw(path, { 'if-none-match': '"nope"' });
    expect(other.status).toBe(200);
    expect(other.body.equals(first.body)).toBe(true);

    // Another format, other symbols or another encoding is another representation.
    const tags = new Set([
      etag,
      (await raw(path.replace('format=csv', 'format=ndjson'))).headers.etag,
      (await raw(path.replace('EUR,CHF', 'CHF,EUR'))).headers.etag,
      (await raw(path, { 'accept-encoding': 'gzip' })).headers.etag,
    ]);
    expect(tags.size).toBe(4);
  });

  it('gives a new ETag once a close of the period changes', async () => {
    const path = `/rates/timeseries?start=${YEAR}-08-03&end=${YEAR}-08-07&symbols=GBP&format=csv`;
    const before = await raw(path);
    const { options } = t.app.get(RateHistory).store;
    const changed = `${YEAR}-08-05`;
    const [{ rate }] = await history().storedCloses({
      sources: [HISTORY_SOURCE],
      currencies: ['GBP'],
      days: [changed],
    });
    await givenIn(t.app).closes({ [changed]: { GBP: '0.5' } }, HISTORY_SOURCE);
    const ttl = options.ttlMs;
    // A past year is re-read once its TTL has passed (an announcement re-checks recent years only).
    options.ttlMs = 0;
    try {
      await until(async () => (await raw(path)).body.toString().includes(`${changed},USD,GBP,0.5,`));
      const after = await raw(path);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((await raw(path, { 'if-none-match': before.headers.etag! })).status).toBe(200);
      expect((await raw(path, { 'if-none-match': after.headers.etag! })).status).toBe(304);
    } finally {
      options.ttlMs = ttl;
      await givenIn(t.app).closes({ [changed]: { GBP: rate } }, HISTORY_SOURCE);
    }
  });

  it.each(['br', 'gzip'])(
    'compresses with %s when asked, to the same bytes as the identity',
    async (encoding) => {
      const path = `/rates/timeseries?${YEAR_QUERY}&base=CHF&format=ndjson`;
      const identity = await raw(path, { 'accept-encoding': 'identity' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      const compressed = await raw(path, { 'accept-encoding': `${encoding}, identity;q=0.5` });
      expect(compressed.status).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toBe('Accept, Accept-Encoding, X-API-Key');
      expect(compressed.body.length).toBeLessThan(identity.body.length / 3);
      const decoded = encoding === 'br' ? brotliDecompressSync(compressed.body) : gunzipSync(compressed.body);
      expect(decoded.equals(identity.body)).toBe(true);
    },
  );

  it('lets a client keep a period of published closes for good, and one reaching past them until the next close', async () => {
    // A close of this week's, so the last published close is recent whatever else the database holds.
    let day = Date.now() - 3 * 86_400_000;
    while ([0, 6].includes(new Date(day).getUTCDay())) day -= 86_400_000;
    const recent = new Date(day).toISOString().slice(0, 10);
    const recentEur = { sources: [HISTORY_SOURCE], currencies: ['EUR'], days: [recent] };
    const added = (await history().storedCloses(recentEur)).length === 0;
    if (added) await givenIn(t.app).closes({ [recent]: { EUR: '0.9' } }, HISTORY_SOURCE);
    // As the ingest's announcement would: the API reads the range and this year again.
    t.app.get(RateHistory).invalidate();
    try {
      const today = new Date().toISOString().slice(0, 10);
      const reaching = await raw(`/rates/timeseries?start=${recent}&end=${recent}&symbols=EUR&format=csv`);
      expect(reaching.status).toBe(200);
      expect(reaching.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const open = await raw(`/rates/timeseries?start=${recent}&end=${today}&symbols=EUR&format=csv`);
      expect(open.status).toBe(200);
      // The JSON answer's rule (CachePolicy.closes): until the next close is expected, at least a minute.
      // Ending today, never final: today's values change with every poll of a live source.
      expect(open.headers['cache-control']).toMatch(/^public, max-age=([6-9]\d|\d{3,})$/);
    } finally {
      if (added) await givenIn(t.app).noCloses(recentEur);
      t.app.get(RateHistory).invalidate();
    }
    const closed = await raw(`/rates/timeseries?start=${YEAR}-01-01&end=${YEAR}-01-31&format=csv`);
    expect(closed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
