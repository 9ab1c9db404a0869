import { onlyParameters, requiredAmount, requiredCurrency, type Query } from './query-params';

/** A checked converter query: catalogue codes (upper case) and a plain non-negative decimal amount. */
export interface ConvertParams {
  from: string;
  to: string;
  amount: string;
}

/**
 * Checks a converter query string in the order a caller reads it: unknown parameters, then from,
 * to and amount, each failure with its own code and a message that says how to fix it.
 */
export function parseConvertQuery(query: Query): ConvertParams {
  onlyParameters(query, ['from', 'to', 'amount']);
  return {
    from: requiredCurrency(query, 'from'),
    to: requiredCurrency(query, 'to'),
    amount: requiredAmount(query),
  };
}
