// The comparison server for `npm run bench`: bare node:http answering the converter's URL with the
// same JSON as the API. BARE_MODE=precomputed sends a fixed body (the ceiling); BARE_MODE=naive
// parses the query and converts with decimal.js per request, as a hand-written server would.
// BARE_HEADERS (JSON) adds the API's own response headers, with a fresh X-Request-Id per request,
// so the two servers send the same bytes.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Decimal = require('decimal.js');
const rates = require('@fawazahmed0/currency-api/v1/currencies/usd.min.json');

const body = process.env.BARE_BODY;
const bodyLength = Buffer.byteLength(body ?? '');
const naive = process.env.BARE_MODE === 'naive';
const headers = process.env.BARE_HEADERS
  ? JSON.parse(process.env.BARE_HEADERS)
  : { 'content-type': 'application/json; charset=utf-8' };

createServer((req, res) => {
  if (!naive) {
    if ('x-request-id' in headers) headers['x-request-id'] = randomUUID();
    // The API sends a Content-Length too (direct-routes.ts): the same bytes on the wire.
    headers['content-length'] = bodyLength;
    res.writeHead(200, headers).end(body);
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
      source: 'bundled-snapshot',
    }),
  );
}).listen(Number(process.env.BARE_PORT), '127.0.0.1');
