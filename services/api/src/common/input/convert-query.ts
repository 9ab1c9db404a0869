import {
  ErrorCode,
  isMetal,
  isMetalUnit,
  NUMBERS_FORMATS,
  type MetalUnit,
  type NumbersFormat,
} from '@fxrates/domain';
import { AppException } from '../errors';
import {
  onlyParameters,
  optionalChoice,
  optionalString,
  requiredAmount,
  requiredCurrency,
  type Query,
} from './query-params';

/** A checked converter query: catalogue codes (upper case) and a plain non-negative decimal amount. */
export interface ConvertParams {
  from: string;
  to: string;
  amount: string;
  /** `string` writes amount, rate and result as decimal strings (docs/decisions.md, Numbers). */
  numbers: NumbersFormat;
  /** What a metal side is measured in: troy ounces unless `unit` says grams or kilograms. */
  unit: MetalUnit;
}

/**
 * `unit`, which only a metal side takes: an unknown unit, or a unit for a pair without a metal,
 * would otherwise be silently ignored and the caller would read ounces as grams.
 */
function metalUnit(query: Query, from: string, to: string): MetalUnit {
  const unit = optionalString(query, 'unit');
  if (unit === undefined) return 'ozt';
  if (!isMetalUnit(unit)) {
    throw new AppException(
      ErrorCode.InvalidUnit,
      `"unit" must be "ozt", "g" or "kg" (troy ounces, grams or kilograms of the metal), not "${unit.slice(0, 20)}".`,
    );
  }
  if (!isMetal(from) && !isMetal(to)) {
    throw new AppException(
      ErrorCode.UnitWithoutMetal,
      `"unit" measures a metal (XAU, XAG, XPT, XPD), and neither ${from} nor ${to} is one: leave it out.`,
    );
  }
  return unit;
}

/**
 * Checks a converter query string in the order a caller reads it: unknown parameters, then from,
 * to, amount, numbers and unit, each failure with its own code and a message that says how to fix it.
 */
export function parseConvertQuery(query: Query): ConvertParams {
  onlyParameters(query, ['from', 'to', 'amount', 'numbers', 'unit']);
  const from = requiredCurrency(query, 'from');
  const to = requiredCurrency(query, 'to');
  return {
    from,
    to,
    amount: requiredAmount(query),
    numbers: optionalChoice(query, 'numbers', NUMBERS_FORMATS, 'number'),
    unit: metalUnit(query, from, to),
  };
}
