// The comparison server of the bench's varied mix (`--only mix`): bare node:http answering the same
// three routes with equivalent bodies, as a hand-written server would, on BARE_PORT. Per request it
// parses the query, looks the rates up in the bundled snapshot (the API's table in the bench),
// computes with decimal.js and JSON.stringify's the answer. No key check, no metering, no memo, none
// of the API's own headers: the work of the answer alone. The bench compares a sample of its bodies
// with the API's before loading either.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { MIX_ROUTES, mixCurrencies } from './bench-mix-requests.mjs';

const require = createRequire(import.meta.url);
const Decimal = require('decimal.js').clone({ precision: 40, rounding: 6 /* ROUND_HALF_EVEN */ });
const snapshot = require('@fawazahmed0/currency-api/v1/currencies/usd.min.json');
const { CURRENCIES, PLANS, isMetal, resultDecimals } = require('../dist/libs/domain/src/index.js');

const known = new Set(mixCurrencies());
const minorUnits = new Map(CURRENCIES.map((c) => [c.code, c.minorUnits ?? null]));
const timestamp = `${snapshot.date}T00:00:00.000Z`;
// The bench's users are on Enterprise: its freshness promise decides `stale`.
const freshnessMs = PLANS.enterprise.freshnessMs;

const perUsd = (code) => (code === 'USD' ? new Decimal(1) : new Decimal(snapshot.usd[code.toLowerCase()]));
const crossRate = (from, to) => perUsd(to).div(perUsd(from));
/** A number when a double keeps it exactly, else its digits as a string (as the API writes it). */
const exact = (decimal) =>
  new Decimal(decimal.toNumber()).eq(decimal) ? decimal.toNumber() : decimal.toFixed();
const display = (rate) => rate.toSignificantDigits(10, Decimal.ROUND_HALF_EVEN).toNumber();
const provenance = () => ({
  timestamp,
  date: snapshot.date,
  source: ['bundled-snapshot'],
  stale: Date.now() - Date.parse(timestamp) > freshnessMs,
  marketClosed: false,
});

function currency(params, name) {
  const code = params.get(name);
  if (!known.has(code)) throw new Error(`${name}: unknown currency ${code}`);
  return code;
}

function answer(url) {
  const params = url.searchParams;
  switch (url.pathname) {
    case MIX_ROUTES.latest: {
      const base = currency(params, 'base');
      const rates = {};
      for (const code of params.get('symbols').split(',')) {
        if (!known.has(code)) throw new Error(`symbols: unknown currency ${code}`);
        rates[code] = display(crossRate(base, code));
      }
      return { base, ...provenance(), rates };
    }
    case MIX_ROUTES.rate: {
      const from = currency(params, 'from');
      const to = currency(params, 'to');
      return { from, to, rate: display(crossRate(from, to)), ...provenance() };
    }
    case MIX_ROUTES.convert: {
      const from = currency(params, 'from');
      const to = currency(params, 'to');
      const amount = new Decimal(params.get('amount'));
      const rate = crossRate(from, to);
      return {
        from,
        to,
        amount: exact(amount),
        rate: display(rate),
        result: exact(amount.mul(rate).toDecimalPlaces(resultDecimals(from, to), Decimal.ROUND_HALF_EVEN)),
        minorUnits: minorUnits.get(to),
        ...provenance(),
        // A metal side is in troy ounces unless asked otherwise, and the answer says so.
        ...(isMetal(from) || isMetal(to) ? { unit: 'ozt' } : {}),
      };
    }
    default:
      return undefined;
  }
}

createServer((req, res) => {
  let body;
  try {
    body = answer(new URL(req.url, 'http://bare'));
  } catch (error) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error.message));
    return;
  }
  if (body === undefined) {
    res.writeHead(404).end();
    return;
  }
  const json = JSON.stringify(body);
  res
    .writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(json),
    })
    .end(json);
}).listen(Number(process.env.BARE_PORT), '127.0.0.1');
