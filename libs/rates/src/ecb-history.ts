import { RateDecimal } from './decimal';

/** One day of the ECB's historical file, re-based on USD: units of each currency per 1 USD. */
export interface EcbHistoryDay {
  day: string;
  perUsd: Map<string, RateDecimal>;
}

export class EcbHistoryFormatError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`ECB history, line ${line}: ${problem}`);
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CODE = /^[A-Z]{3}$/;
const POSITIVE_DECIMAL = /^\d+(\.\d+)?$/;
/** Enough for any rate; the database keeps them exactly as given. */
const STORED_DIGITS = 20;

/**
 * Reads the ECB's eurofxref-hist.csv (`Date,USD,JPY,…` then one line per working day, EUR-based,
 * `N/A` where a currency was not quoted) line by line. A day without a USD rate cannot be re-based
 * and is skipped (reported through `onSkipped`); anything malformed throws with its line number.
 */
export class EcbHistoryParser {
  private columns: string[] | null = null;
  private lineNumber = 0;

  constructor(private readonly onSkipped: (day: string, reason: string) => void = () => undefined) {}

  /** Parses one line; returns the day it describes, or null for the header and blank lines. */
  line(text: string): EcbHistoryDay | null {
    this.lineNumber++;
    const cells = text.trim().split(',');
    if (cells.length === 1 && cells[0] === '') return null;
    if (this.columns === null) return this.header(cells);
    const day = cells[0];
    if (!DAY.test(day) || Number.isNaN(Date.parse(day))) {
      throw new EcbHistoryFormatError(this.lineNumber, `"${day}" is not a date`);
    }
    const perEur = new Map<string, RateDecimal>();
    this.columns.forEach((code, i) => {
      const cell = (cells[i + 1] ?? '').trim();
      if (cell === '' || cell === 'N/A') return;
      if (!POSITIVE_DECIMAL.test(cell) || Number(cell) === 0) {
        throw new EcbHistoryFormatError(this.lineNumber, `${code} rate "${cell}" is not a positive number`);
      }
      perEur.set(code, new RateDecimal(cell));
    });
    const usdPerEur = perEur.get('USD');
    if (!usdPerEur) {
      this.onSkipped(day, 'no USD rate');
      return null;
    }
    const perUsd = new Map<string, RateDecimal>([['EUR', this.stored(new RateDecimal(1).div(usdPerEur))]]);
    for (const [code, rate] of perEur) {
      if (code !== 'USD') perUsd.set(code, this.stored(rate.div(usdPerEur)));
    }
    return { day, perUsd };
  }

  private header(cells: string[]): null {
    if (cells[0] !== 'Date') {
      throw new EcbHistoryFormatError(this.lineNumber, 'the header must start with "Date"');
    }
    const codes = cells.slice(1).map((cell) => cell.trim());
    while (codes.length > 0 && codes[codes.length - 1] === '') codes.pop(); // the ECB ends lines with ","
    const bad = codes.find((code) => !CODE.test(code));
    if (bad !== undefined)
      throw new EcbHistoryFormatError(this.lineNumber, `"${bad}" is not a currency code`);
    if (!codes.includes('USD')) throw new EcbHistoryFormatError(this.lineNumber, 'there is no USD column');
    this.columns = codes;
    return null;
  }

  private stored(rate: RateDecimal): RateDecimal {
    return rate.toSignificantDigits(STORED_DIGITS);
  }
}
