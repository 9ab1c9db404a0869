import { findCurrency, isMetal, resultDecimals, type MetalUnit } from '@fxrates/domain';
import { convert, RateDecimal, type RatesTable } from '@fxrates/rates';
import { CurrencyCode } from '../../common/input';
import { DecimalField, ExactDecimalField } from './numbers';
import { withRates } from './rates-json';

/**
 * The members naming a conversion, alike in GET /api/v1/convert and each row of POST
 * /api/v1/convert/batch (which describe `result`, `minorUnits` and `unit` each in their own words).
 */
export const CONVERSION_PAIR_FIELDS = {
  from: CurrencyCode('USD'),
  to: CurrencyCode('EUR'),
  amount: ExactDecimalField('The amount, as given', 100),
  rate: DecimalField(
    'Units of `to` per 1 `from` (a metal side per `unit`), 10 significant digits',
    0.8802258808,
  ),
};

/** A conversion's members other than where its rates come from. */
export interface ConvertedAmount {
  from: string;
  to: string;
  amount: string;
  rate: string;
  result: string;
  minorUnits: number | null;
  /** Only when a side is a metal. */
  unit: MetalUnit | undefined;
}

/**
 * `amount` of `from` in `to` on `table`, as GET /api/v1/convert answers it: exact decimals, the result
 * half-even to the pair's decimals; 503 rate-unavailable when the table lacks a side. `perOunce` gives
 * the pair's cross rate when the caller keeps it (a batch converting many amounts of one pair).
 */
export function convertAmount(
  table: RatesTable,
  from: string,
  to: string,
  amount: string,
  unit: MetalUnit,
  perOunce?: () => RateDecimal,
): ConvertedAmount {
  const decimals = resultDecimals(from, to);
  const typed = new RateDecimal(amount);
  const { rateText, result } = withRates(() => convert(table, from, to, typed, decimals, unit, perOunce?.()));
  return {
    from,
    to,
    amount: typed.toFixed(),
    rate: rateText,
    result: result.toFixed(decimals),
    minorUnits: findCurrency(to)?.minorUnits ?? null,
    unit: isMetal(from) || isMetal(to) ? unit : undefined,
  };
}
