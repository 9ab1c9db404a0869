// The comparison server for `npm run bench`: bare node:http answering the converter's URL with the
// same JSON as the API. BARE_MODE=precomputed sends a fixed body (the ceiling); BARE_MODE=naive
// parses the query and converts with decimal.js per request, as a hand-written server would.
// BARE_HEADERS (JSON) adds the API's own response headers, with a fresh X-Request-Id per request,
// so the two servers send the same bytes. BARE_MODE=metered sends the fixed body too, but only
// after metering each call in Redis with the API's own Lua script (REDIS_URL), the calls of one
// event-loop turn in one run, without the leases the API takes for a busy user.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Decimal = require('decimal.js');
const rates = require('@fawazahmed0/currency-api/v1/currencies/usd.min.json');

const body = process.env.BARE_BODY;
const bodyLength = Buffer.byteLength(body ?? '');
const naive = process.env.BARE_MODE === 'naive';
const meter = process.env.BARE_MODE === 'metered' ? exactMeter() : null;

/** Meters calls in batches with the API's script: resolve(true) once counted, false if refused. */
function exactMeter() {
  const Redis = require('ioredis');
  const { METER_BATCH_SCRIPT } = require('../dist/services/api/src/modules/metering/meter-batch.lua.js');
  const redis = new Redis(process.env.REDIS_URL, { enableAutoPipelining: false });
  redis.defineCommand('meterBatch', { lua: METER_BATCH_SCRIPT });
  const prefix = `${process.env.REDIS_KEY_PREFIX ?? 'fxrates-bench:'}usage:bare:`;
  // The script meters only a month counter that exists (the API seeds a missing one from PostgreSQL).
  const seeded = redis.set(`${prefix}month`, 0, 'EX', 3600, 'NX');
  let batch = [];
  const flush = () => {
    const calls = batch;
    batch = [];
    const now = Date.now();
    const second = Math.floor(now / 1000);
    const keys = [
      `${prefix}pending`,
      `${prefix}last-used`,
      `${prefix}month`,
      `${prefix}burst:${second}`,
      ...[0, 1, 2].map((ago) => `${prefix}lease:${second - ago}`),
      `${prefix}key-month`,
    ];
    // No lease wanted (0), no deferral (0), no key cap (0), not all or nothing (0): every call metered in Redis.
    seeded
      .then(() =>
        redis.meterBatch(keys.length, ...keys, calls.length, 1e12, 1e9, 'bare|day', 'bare', now, 0, 0, 0, 0),
      )
      .then(([counted]) => calls.forEach((done, i) => done(i < counted)));
  };
  return (done) => {
    if (batch.length === 0) setImmediate(flush);
    batch.push(done);
  };
}
const headers = process.env.BARE_HEADERS
  ? JSON.parse(process.env.BARE_HEADERS)
  : { 'content-type': 'application/json; charset=utf-8' };

function sendBody(res) {
  if ('x-request-id' in headers) headers['x-request-id'] = randomUUID();
  // The API sends a Content-Length too (direct-routes.ts): the same bytes on the wire.
  headers['content-length'] = bodyLength;
  res.writeHead(200, headers).end(body);
}

createServer((req, res) => {
  if (meter) {
    meter((counted) => (counted ? sendBody(res) : res.writeHead(429).end()));
    return;
  }
  if (!naive) {
    sendBody(res);
    return;
  }
  const url = new URL(req.url, 'http://x');
  const from = url.searchParams.get('from').toLowerCase();
  const to = url.searchParams.get('to').toLowerCase();
  const amount = new Decimal(url.searchParams.get('amount'));
  const rate = new Decimal(rates.usd[to]).div(rates.usd[from]);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(
    JSON.stringify({
      from: from.toUpperCase(),
      to: to.toUpperCase(),
      amount: amount.toNumber(),
      rate: rate.toSignificantDigits(10).toNumber(),
      result: amount.mul(rate).toDecimalPlaces(4).toNumber(),
      timestamp: `${rates.date}T00:00:00.000Z`,
      date: rates.date,
      source: ['bundled-snapshot'],
    }),
  );
}).listen(Number(process.env.BARE_PORT), '127.0.0.1');
