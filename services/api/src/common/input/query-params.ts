import { ErrorCode, findCurrency, MAX_AMOUNT } from '@fxrates/domain';
import { RateDecimal } from '@fxrates/rates';
import { AppException } from '../errors';

export type Query = Record<string, unknown>;

const DECIMAL = /^(?=.{1,64}$)(\d+(\.\d+)?|\.\d+)$/;
/** Integer parts shorter than this are below MAX_AMOUNT (1e15, 16 digits) without a decimal compare. */
const SAFE_INTEGER_DIGITS = String(MAX_AMOUNT).length;
export const MAX_SYMBOLS = 200;

/** Refuses parameters a route does not take, so a typo is an error rather than silently ignored. */
export function onlyParameters(query: Query, allowed: readonly string[]): void {
  for (const name of Object.keys(query)) {
    if (!allowed.includes(name)) {
      throw new AppException(ErrorCode.ValidationFailed, `Unknown parameter "${name}".`);
    }
  }
}

export function optionalString(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new AppException(ErrorCode.ValidationFailed, `Query parameter "${name}" must be given once.`);
  }
  return value;
}

export function requiredString(query: Query, name: string): string {
  const value = optionalString(query, name);
  if (value === undefined) {
    throw new AppException(ErrorCode.MissingParameter, `Query parameter "${name}" is required.`);
  }
  return value;
}

function currencyCode(raw: string, name: string): string {
  const code = raw.trim().toUpperCase();
  if (!findCurrency(code)) {
    throw new AppException(
      ErrorCode.UnknownCurrency,
      `"${code}" in "${name}" is not a supported currency code.`,
    );
  }
  return code;
}

export function requiredCurrency(query: Query, name: string): string {
  return currencyCode(requiredString(query, name), name);
}

export function optionalCurrency(query: Query, name: string, fallback: string): string {
  const raw = optionalString(query, name);
  return raw === undefined ? fallback : currencyCode(raw, name);
}

/** One of `choices`, or `fallback` when absent. */
export function optionalChoice<T extends string>(
  query: Query,
  name: string,
  choices: readonly T[],
  fallback: T,
): T {
  const value = optionalString(query, name);
  if (value === undefined) return fallback;
  if (!(choices as readonly string[]).includes(value)) {
    throw new AppException(
      ErrorCode.ValidationFailed,
      `"${name}" must be ${choices.map((choice) => `"${choice}"`).join(' or ')}.`,
    );
  }
  return value as T;
}

/** A comma-separated list of currency codes, or undefined when absent. */
export function optionalCurrencyList(query: Query, name: string): string[] | undefined {
  const raw = optionalString(query, name);
  if (raw === undefined) return undefined;
  const codes = raw.split(',').filter((part) => part.trim() !== '');
  if (codes.length === 0 || codes.length > MAX_SYMBOLS) {
    throw new AppException(
      ErrorCode.ValidationFailed,
      `"${name}" must list 1 to ${MAX_SYMBOLS} currency codes separated by commas.`,
    );
  }
  return [...new Set(codes.map((code) => currencyCode(code, name)))];
}

/** A plain non-negative decimal of at most 1e15, returned as typed. */
export function requiredAmount(query: Query, name = 'amount'): string {
  const value = requiredString(query, name);
  if (!DECIMAL.test(value)) {
    throw new AppException(
      ErrorCode.InvalidAmount,
      `"${name}" must be a non-negative decimal number such as 100 or 12.5.`,
    );
  }
  const integerDigits = value.indexOf('.') === -1 ? value.length : value.indexOf('.');
  if (integerDigits >= SAFE_INTEGER_DIGITS && new RateDecimal(value).gt(MAX_AMOUNT)) {
    throw new AppException(ErrorCode.AmountTooLarge, `"${name}" must be at most 1000000000000000 (1e15).`);
  }
  return value;
}
