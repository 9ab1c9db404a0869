import { RateDecimal } from '../decimal';
import { ProviderError } from './provider-error';
import { getFromProvider, isRecord, parseJsonBody, requestEach } from './provider-http';
import { readRate } from './provider-values';
import {
  defineProvider,
  type ProviderFetchResult,
  type ProviderObservation,
  type ProviderRejection,
  type ProviderSettings,
  type RateProvider,
} from './provider';

/**
 * The decimal places a rate as read can be trusted to. Frankfurter rounds by size
 * (lib/roundable.rb: above 5 000 to an integer, above 80 to 2 places, above 20 to 3, above 1 to 4,
 * above 0.0001 to 5, else 6), so 17 188 keeps five significant digits and 0.00022 (gold per USD)
 * two. A value exactly on a step (1, 20, 80, 5 000, 0.0001) may be the rounding of one just above
 * it, given with the fewer places of that step (1.00002 comes back as 1.0, four places, not five),
 * so it counts with the fewer.
 */
function trustedDecimalPlaces(value: RateDecimal): number {
  if (value.gte(5000)) return 0;
  if (value.gte(80)) return 2;
  if (value.gte(20)) return 3;
  if (value.gte(1)) return 4;
  if (value.gte('0.0001')) return 5;
  return 6;
}

/**
 * How many significant digits a rate Frankfurter rounded still carries: from its first digit to
 * the last decimal place the rounding kept (4545.12 → 6, 17188 → 5, 0.00022 → 2).
 */
export function frankfurterKeptDigits(value: RateDecimal): number {
  return value.e + 1 + trustedDecimalPlaces(value);
}

/** The precision we ask of every rate: at least this many significant digits. */
export const WANTED_SIGNIFICANT_DIGITS = 6;

/**
 * The bases every fetch asks for with all quotes: USD, and gold, worth thousands of dollars, so a
 * currency's rate per ounce lands where Frankfurter keeps six digits or more (1 000–5 000 with two
 * decimals, or ≥ 100 000 whole) for strong currencies (≤ ~1.1 per USD) and every currency weaker
 * than ~22 per USD. Asking base=XAU is also how the metals keep their digits (base=USD gives
 * gold as 0.00022).
 */
export const FRANKFURTER_BULK_BASES = ['USD', 'XAU'] as const;

/**
 * The most bases asked for one by one in a fetch: the currencies between ~1.1 and ~22 per USD
 * (39 of the stand-in's list) keep only four or five digits in either bulk answer; each is asked as
 * a base of its own, where a weak currency priced in it keeps six. Bounded so a provider answering
 * nonsense cannot make a fetch ask for everything.
 */
export const MAX_SINGLE_BASES = 80;
const PARALLEL_REQUESTS = 3;

/** One row of `/v2/rates` as read: `rate` units of the quote per 1 of the base, on `date`. */
interface Row {
  rate: RateDecimal;
  digits: number;
  date: string;
}

/** A base's answer: each quote's row. */
export type FrankfurterAnswer = Map<string, Row>;

/**
 * Reads a `/v2/rates?base=…` answer: an array of `{ date, base, quote, rate }`. A row that is not
 * a usable rate is refused on its own (into `rejected`); anything that is not such an array, or a
 * row of another base, fails the whole answer.
 */
export function parseFrankfurterRates(
  body: unknown,
  base: string,
  rejected: ProviderRejection[] = [],
): FrankfurterAnswer {
  if (!Array.isArray(body)) {
    const message = isRecord(body) && typeof body.message === 'string' ? `: ${body.message}` : '';
    throw new ProviderError('frankfurter', 'malformed', `expected an array of rates${message}`);
  }
  const rows: FrankfurterAnswer = new Map();
  for (const row of body) {
    if (!isRecord(row) || typeof row.quote !== 'string' || !/^[A-Z]{3}$/.test(row.quote)) {
      throw new ProviderError('frankfurter', 'malformed', `expected { date, base, quote, rate } rows`);
    }
    if (row.base !== base) {
      throw new ProviderError('frankfurter', 'malformed', `asked for base ${base}, got ${String(row.base)}`);
    }
    if (typeof row.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(row.date)) {
      rejected.push({
        currency: row.quote,
        raw: row.date,
        reason: `unreadable date: ${JSON.stringify(row.date)}`,
      });
      continue;
    }
    const reading = readRate(row.rate);
    if ('reason' in reading) {
      rejected.push({ currency: row.quote, raw: row.rate, reason: reading.reason });
      continue;
    }
    rows.set(row.quote, { rate: reading.rate, digits: frankfurterKeptDigits(reading.rate), date: row.date });
  }
  return rows;
}

/** A value per USD with the significant digits the readings it came from kept. */
interface Derived {
  perUsd: RateDecimal;
  digits: number;
}

const better = (a: Derived | undefined, b: Derived | undefined) =>
  !b || (a && a.digits >= b.digits) ? a : b;

/**
 * Every code's value per USD from the answers in hand, each taken along the path that keeps the
 * most digits: the USD answer directly; another base's row times that base's value per USD (itself
 * read through whichever currency keeps most digits in both answers); or, for a code asked as a
 * base of its own, a well-kept currency's value per USD divided by its rate in that base.
 */
export function deriveFrankfurterPerUsd(
  answers: ReadonlyMap<string, FrankfurterAnswer>,
): Map<string, Derived> {
  const usd = answers.get('USD') ?? new Map<string, Row>();
  const baseValue = (base: string, rows: FrankfurterAnswer, known: Map<string, Derived>) => {
    let best: Derived | undefined;
    for (const [quote, row] of rows) {
      // A currency of known value per USD and its rate in `base` give `base` per USD.
      const quoteValue: Derived | undefined =
        quote === 'USD' ? { perUsd: new RateDecimal(1), digits: Infinity } : known.get(quote);
      if (!quoteValue) continue;
      best = better(best, {
        perUsd: quoteValue.perUsd.dividedBy(row.rate),
        digits: Math.min(quoteValue.digits, row.digits),
      });
    }
    return best;
  };

  // The bulk answers first: each code read directly per USD, or through another bulk base.
  const direct = new Map<string, Derived>();
  for (const [code, row] of usd) direct.set(code, { perUsd: row.rate, digits: row.digits });
  const fromUsdOnly = new Map(direct);
  for (const base of FRANKFURTER_BULK_BASES) {
    const rows = answers.get(base);
    if (base === 'USD' || !rows) continue;
    const value = baseValue(base, rows, fromUsdOnly);
    if (!value) continue;
    direct.set(base, better(direct.get(base), value)!);
    for (const [code, row] of rows) {
      if (code === base) continue;
      const through = { perUsd: row.rate.times(value.perUsd), digits: Math.min(row.digits, value.digits) };
      direct.set(code, better(direct.get(code), through)!);
    }
  }
  // Then the codes asked as bases of their own, read through the bulk values.
  const result = new Map(direct);
  for (const [base, rows] of answers) {
    if ((FRANKFURTER_BULK_BASES as readonly string[]).includes(base)) continue;
    const value = baseValue(base, rows, direct);
    if (value) result.set(base, better(result.get(base), value)!);
  }
  result.delete('USD');
  return result;
}

/** The codes among `symbols` the bulk answers keep with too few digits: each is asked as a base. */
export function imprecisePerUsd(derived: ReadonlyMap<string, Derived>, symbols: readonly string[]): string[] {
  return symbols.filter((code) => {
    const value = derived.get(code);
    return value !== undefined && value.digits < WANTED_SIGNIFICANT_DIGITS;
  });
}

/**
 * The day each code's value belongs to: its own row's date (Frankfurter's latest is each quote's
 * newest observation within 14 days, so one answer mixes dates). A row dated after today (a bank
 * publishing tomorrow's rate) counts as today's.
 */
function dayOfCode(code: string, answers: ReadonlyMap<string, FrankfurterAnswer>): string | undefined {
  for (const base of FRANKFURTER_BULK_BASES) {
    const date = answers.get(base)?.get(code)?.date;
    if (date) return date;
  }
  return undefined;
}

/**
 * Turns the answers into observations per USD. Frankfurter gives a day, not an instant: a value
 * counts from the start of its day (UTC), so a row days old is as old as it really is and a
 * same-day ECB fix (16:00 CET) is newer; a forward-dated row is stamped at the fetch.
 */
export function frankfurterObservations(
  answers: ReadonlyMap<string, FrankfurterAnswer>,
  symbols: readonly string[],
  now = Date.now(),
): Pick<ProviderFetchResult, 'observations'> {
  const derived = deriveFrankfurterPerUsd(answers);
  const today = new Date(now).toISOString().slice(0, 10);
  const observations: ProviderObservation[] = [];
  for (const currency of symbols) {
    const value = derived.get(currency);
    const date = dayOfCode(currency, answers);
    if (!value || !date) continue;
    const future = date > today;
    const day = future ? today : date;
    const observedAt = future ? new Date(now).toISOString() : `${day}T00:00:00.000Z`;
    // Rounded to the digits the readings kept (and never fewer than six: the quotient of two
    // six-digit readings is good to about six), not to the 40 a division produces.
    const digits = Math.max(WANTED_SIGNIFICANT_DIGITS, Math.min(value.digits, 15));
    observations.push({
      currency,
      quote: 'USD',
      rate: value.perUsd.toSignificantDigits(digits),
      observedAt,
      day,
    });
  }
  return { observations };
}

/** GETs `/v2/rates?base=…` and reads it. */
async function fetchBase(
  settings: ProviderSettings,
  base: string,
  rejected: ProviderRejection[],
  signal?: AbortSignal,
): Promise<FrankfurterAnswer> {
  const url = `${settings.baseUrl}/v2/rates?base=${encodeURIComponent(base)}`;
  // A 422 fails the fetch in getFromProvider, its message holding the start of Frankfurter's body.
  const response = await getFromProvider('frankfurter', url, settings, { signal });
  return parseFrankfurterRates(parseJsonBody('frankfurter', response), base, rejected);
}

/**
 * Frankfurter v2 `/v2/rates`: ~200 currencies from dozens of central banks, and the metals. Each
 * fetch asks for USD and XAU with every quote, then, one by one, each currency those answers keep
 * with fewer than six significant digits, as a base (see `deriveFrankfurterPerUsd`).
 */
export function frankfurterProvider(settings: ProviderSettings): RateProvider {
  return defineProvider('frankfurter', async ({ symbols, signal }) => {
    const rejected: ProviderRejection[] = [];
    const answers = new Map<string, FrankfurterAnswer>();
    const bulk = await Promise.all(
      FRANKFURTER_BULK_BASES.map((base) => fetchBase(settings, base, rejected, signal)),
    );
    FRANKFURTER_BULK_BASES.forEach((base, i) => answers.set(base, bulk[i]));

    const pending = imprecisePerUsd(deriveFrankfurterPerUsd(answers), symbols).slice(0, MAX_SINGLE_BASES);
    await requestEach(pending, PARALLEL_REQUESTS, signal, async (base, each) => {
      answers.set(base, await fetchBase(settings, base, rejected, each));
    });
    const { observations } = frankfurterObservations(answers, symbols);
    // A row refused in one answer but read in another is not a refusal; one refused everywhere is,
    // once.
    const served = new Set(observations.map((o) => o.currency));
    const wanted = new Set(symbols);
    const refused = new Map(
      rejected.filter((r) => wanted.has(r.currency) && !served.has(r.currency)).map((r) => [r.currency, r]),
    );
    return { source: 'frankfurter', observations, rejected: [...refused.values()] };
  });
}
