import { RateDecimal } from '../decimal';
import { frankfurterKeptDigits } from '../providers/frankfurter-provider';
import { readRate } from '../providers/provider-values';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CODE = /^[A-Z]{3}$/;

/** One row of a Frankfurter v2 range: units of `quote` per 1 `base` on `date`, as Frankfurter rounded it. */
export interface FrankfurterRangeRow {
  date: string;
  quote: string;
  rate: RateDecimal;
  /** The significant digits Frankfurter's rounding kept of it (frankfurterKeptDigits, as the live adapter counts them). */
  digits: number;
}

/**
 * The body of `GET /v2/rates?from&to&base&quotes` (a JSON array of `{date, base, quote, rate}`,
 * sorted by date then quote) as rows. Throws on a body of another shape, a row of another base, a
 * date outside `from`…`to` or a rate that is not a positive number: a page is taken whole or not at
 * all. The base's identity row (rate 1) is left out.
 */
export function parseFrankfurterRange(
  body: unknown,
  base: string,
  from: string,
  to: string,
): FrankfurterRangeRow[] {
  if (!Array.isArray(body)) throw new Error('Frankfurter: a range answer is not an array of rates');
  const rows: FrankfurterRangeRow[] = [];
  for (const item of body as unknown[]) {
    const row = item as { date?: unknown; base?: unknown; quote?: unknown; rate?: unknown };
    if (typeof item !== 'object' || item === null)
      throw new Error('Frankfurter: a range row is not an object');
    if (typeof row.date !== 'string' || !DAY.test(row.date) || row.date < from || row.date > to) {
      throw new Error(`Frankfurter: a row is dated ${JSON.stringify(row.date)}, outside ${from}..${to}`);
    }
    if (row.base !== base)
      throw new Error(`Frankfurter: a row has base ${JSON.stringify(row.base)}, not ${base}`);
    if (typeof row.quote !== 'string' || !CODE.test(row.quote)) {
      throw new Error(`Frankfurter: a row has quote ${JSON.stringify(row.quote)}`);
    }
    // A JSON number's shortest text is the literal Frankfurter wrote (at most six decimals).
    const reading = readRate(row.rate);
    if ('reason' in reading) throw new Error(`Frankfurter: ${row.quote} on ${row.date}: ${reading.reason}`);
    if (row.quote === base) continue;
    rows.push({
      date: row.date,
      quote: row.quote,
      rate: reading.rate,
      digits: frankfurterKeptDigits(reading.rate),
    });
  }
  return rows;
}

/** A close per USD and the significant digits it keeps. */
export interface CloseWithDigits {
  perUsd: RateDecimal;
  digits: number;
}

/**
 * Per day and currency, the close per USD keeping the most significant digits, from a page asked
 * with base USD and the same page asked with another base (`cross`, holding USD among its quotes):
 * either the USD row itself, or quote-per-cross ÷ USD-per-cross, which keeps the fewer digits of the
 * two (a metal's USD row keeps 2 digits; via base XAU, 6). The base of `cross` itself is 1 ÷ its
 * USD row. Each result is rounded to the digits it keeps.
 */
export function bestPerUsd(
  usdRows: readonly FrankfurterRangeRow[],
  crossBase: string,
  crossRows: readonly FrankfurterRangeRow[],
): Map<string, Map<string, CloseWithDigits>> {
  const byDay = new Map<string, Map<string, CloseWithDigits>>();
  const take = (date: string, quote: string, candidate: CloseWithDigits) => {
    let day = byDay.get(date);
    if (!day) byDay.set(date, (day = new Map()));
    const held = day.get(quote);
    if (!held || candidate.digits > held.digits) day.set(quote, candidate);
  };
  for (const row of usdRows) take(row.date, row.quote, { perUsd: row.rate, digits: row.digits });
  const usdPerCross = new Map<string, FrankfurterRangeRow>();
  for (const row of crossRows) if (row.quote === 'USD') usdPerCross.set(row.date, row);
  for (const row of crossRows) {
    const usd = usdPerCross.get(row.date);
    if (!usd || row.quote === 'USD') continue;
    take(row.date, row.quote, { perUsd: row.rate.div(usd.rate), digits: Math.min(row.digits, usd.digits) });
  }
  for (const usd of usdPerCross.values()) {
    take(usd.date, crossBase, { perUsd: new RateDecimal(1).div(usd.rate), digits: usd.digits });
  }
  for (const day of byDay.values()) {
    for (const [quote, close] of day) {
      day.set(quote, {
        ...close,
        perUsd: close.perUsd.toSignificantDigits(close.digits, RateDecimal.ROUND_HALF_EVEN),
      });
    }
  }
  return byDay;
}
