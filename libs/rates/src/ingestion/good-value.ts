import type { RateDecimal } from '../decimal';

/** A value that passed validation: units of the currency per 1 USD, with when it was observed. */
export interface GoodValue {
  perUsd: RateDecimal;
  /** ISO instant the provider says the value is from. */
  observedAt: string;
  /** YYYY-MM-DD business day the value belongs to. */
  day: string;
}

export type GoodValues = ReadonlyMap<string, GoodValue>;
