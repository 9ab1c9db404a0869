import {
  DEFAULT_FROM,
  DEFAULT_TO,
  findCurrency,
  isMetal,
  parseTypedAmount,
  type ExactConvertResponse,
  type MetalUnit,
} from '@fxrates/domain';
import { decimalsEqual, invertDecimal, multiplyDecimals, type RateProvenance } from '@fxrates/web-kit';

/** The rate of the last successful conversion, kept to recompute results locally. */
export interface Quote {
  /** 1 `from` = `rate` `to`, as an exact decimal string. */
  rate: string;
  provenance: RateProvenance;
}

export interface ConverterState {
  /** What the amount input holds, as typed (read by parseTypedAmount: "1,000.50" is 1000.5). */
  amount: string;
  from: string;
  to: string;
  showCrypto: boolean;
  /** Metals (XAU, XAG, XPT, XPD) in the pickers: a choice of its own beside Show Crypto. */
  showMetals: boolean;
  /** What a metal side is measured in (`unit` of the converter call); troy ounces by default. */
  unit: MetalUnit;
  quote: Quote | null;
  /** Converted amount as an exact decimal string: the server's digits, or recomputed from the quote. */
  result: string | null;
  converting: boolean;
  error: string | null;
}

export type ConverterAction =
  | { type: 'amountChanged'; amount: string }
  | { type: 'fromChanged'; code: string }
  | { type: 'toChanged'; code: string }
  | { type: 'swapped' }
  | { type: 'showCryptoChanged'; showCrypto: boolean }
  | { type: 'showMetalsChanged'; showMetals: boolean }
  | { type: 'unitChanged'; unit: MetalUnit }
  | { type: 'conversionStarted' }
  | { type: 'conversionSucceeded'; response: ExactConvertResponse }
  | { type: 'conversionFailed'; message: string };

export const initialConverterState: ConverterState = {
  amount: '1',
  from: DEFAULT_FROM,
  to: DEFAULT_TO,
  showCrypto: false,
  showMetals: false,
  unit: 'ozt',
  quote: null,
  result: null,
  converting: false,
  error: null,
};

/** Whether the pair has a metal side, which the unit measures. */
export function hasMetalSide(state: Pick<ConverterState, 'from' | 'to'>): boolean {
  return isMetal(state.from) || isMetal(state.to);
}

/** The unit the converter call names: only for a pair with a metal side (the API refuses it otherwise). */
export function unitOfRequest(state: Pick<ConverterState, 'from' | 'to' | 'unit'>): MetalUnit | undefined {
  return hasMetalSide(state) ? state.unit : undefined;
}

/** The typed amount as a plain decimal string, or null while it is empty, ambiguous or invalid. */
export function amountAsDecimal(amount: string): string | null {
  const typed = parseTypedAmount(amount);
  return typed.ok ? typed.decimal : null;
}

function localResult(amount: string, quote: Quote | null): string | null {
  const decimal = amountAsDecimal(amount);
  return quote && decimal !== null ? multiplyDecimals(decimal, quote.rate) : null;
}

const withoutQuote = { quote: null, result: null, error: null } as const;

/**
 * A side of a type now hidden (crypto or metal) falls back to its default; never both sides the
 * same default.
 */
function withoutType(type: 'crypto' | 'metal', code: string, fallback: string, otherSide: string): string {
  if (findCurrency(code)?.type !== type) return code;
  if (fallback !== otherSide) return fallback;
  return fallback === DEFAULT_FROM ? DEFAULT_TO : DEFAULT_FROM;
}

/** The state with one type hidden: its sides back to their defaults, the quote dropped if the pair changed. */
function hideType(state: ConverterState, type: 'crypto' | 'metal'): ConverterState {
  const from = withoutType(type, state.from, DEFAULT_FROM, state.to);
  const to = withoutType(type, state.to, DEFAULT_TO, from);
  const pairChanged = from !== state.from || to !== state.to;
  return { ...state, from, to, ...(pairChanged ? withoutQuote : {}) };
}

export function converterReducer(state: ConverterState, action: ConverterAction): ConverterState {
  switch (action.type) {
    case 'amountChanged':
      return { ...state, amount: action.amount, result: localResult(action.amount, state.quote) };
    case 'fromChanged':
      return action.code === state.from ? state : { ...state, from: action.code, ...withoutQuote };
    case 'toChanged':
      return action.code === state.to ? state : { ...state, to: action.code, ...withoutQuote };
    case 'swapped': {
      const quote = state.quote ? { ...state.quote, rate: invertDecimal(state.quote.rate) } : null;
      return { ...state, from: state.to, to: state.from, quote, result: localResult(state.amount, quote) };
    }
    case 'showCryptoChanged':
      if (action.showCrypto) return { ...state, showCrypto: true };
      return hideType({ ...state, showCrypto: false }, 'crypto');
    case 'showMetalsChanged':
      if (action.showMetals) return { ...state, showMetals: true };
      return hideType({ ...state, showMetals: false }, 'metal');
    case 'unitChanged':
      return action.unit === state.unit ? state : { ...state, unit: action.unit, ...withoutQuote };
    case 'conversionStarted':
      return { ...state, converting: true, error: null };
    case 'conversionSucceeded': {
      const { response } = action;
      // A reply for a pair or a unit the user has since changed is dropped.
      if (
        response.from !== state.from ||
        response.to !== state.to ||
        response.unit !== unitOfRequest(state)
      ) {
        return { ...state, converting: false };
      }
      const quote: Quote = {
        rate: response.rate,
        provenance: {
          source: response.source,
          date: response.date,
          timestamp: response.timestamp,
          stale: response.stale,
          marketClosed: response.marketClosed,
        },
      };
      // The server's digits, unless the amount was edited meanwhile (then recomputed from its rate).
      const typedAmount = amountAsDecimal(state.amount);
      const result =
        typedAmount !== null && decimalsEqual(typedAmount, response.amount)
          ? response.result
          : localResult(state.amount, quote);
      return { ...state, converting: false, error: null, quote, result };
    }
    case 'conversionFailed':
      return { ...state, converting: false, error: action.message, quote: null, result: null };
  }
}
