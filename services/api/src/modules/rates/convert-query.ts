import { NUMBERS_FORMATS, type NumbersFormat } from '@fxrates/domain';
import {
  onlyParameters,
  optionalChoice,
  requiredAmount,
  requiredCurrency,
  type Query,
} from '../../common/query-params';

/** A checked converter query: catalogue codes (upper case) and a plain non-negative decimal amount. */
export interface ConvertParams {
  from: string;
  to: string;
  amount: string;
  /** `string` writes amount, rate and result as decimal strings (decisions.md, Numbers). */
  numbers: NumbersFormat;
}

/**
 * Checks a converter query string in the order a caller reads it: unknown parameters, then from,
 * to, amount and numbers, each failure with its own code and a message that says how to fix it.
 */
export function parseConvertQuery(query: Query): ConvertParams {
  onlyParameters(query, ['from', 'to', 'amount', 'numbers']);
  return {
    from: requiredCurrency(query, 'from'),
    to: requiredCurrency(query, 'to'),
    amount: requiredAmount(query),
    numbers: optionalChoice(query, 'numbers', NUMBERS_FORMATS, 'number'),
  };
}
