import { Injectable } from '@nestjs/common';
import { isMetal, PLANS, resultDecimals, type MetalUnit, type NumbersFormat } from '@fxrates/domain';
import { assessFreshness, convert, displayRate, provenanceSummaryOf, RateDecimal } from '@fxrates/rates';
import { withRates } from '../current-rates';
import { CurrentRates } from '../current-rates';
import { converterWriters } from './convert-response.schema';

@Injectable()
export class LandingConverterService {
  constructor(private readonly rates: CurrentRates) {}

  /**
   * Converts with the in-memory table and returns the JSON text of the response. The numbers are
   * written as exact decimal literals (the result keeps its 4 or 8 decimals; the schema marks them
   * decimalLiteral), which JSON allows and JSON.stringify of a float could not guarantee. A client's JSON.parse still rounds a literal beyond
   * 15–17 significant digits (a large result), so `numbers: 'string'` writes amount, rate and result as
   * plain decimal strings instead, which every client reads exactly.
   */
  convertToJson(
    from: string,
    to: string,
    amountText: string,
    numbers: NumbersFormat = 'number',
    unit: MetalUnit = 'ozt',
  ): string {
    const table = this.rates.current;
    const amount = new RateDecimal(amountText);
    const decimals = resultDecimals(from, to);
    const { rate, result } = withRates(() => convert(table, from, to, amount, decimals, unit));
    const { timestamp, date, source, origins } = provenanceSummaryOf(table, [from, to]);
    // The converter promises what the Free plan does.
    const { stale, marketClosed } = assessFreshness(origins, PLANS.free.freshnessMs, Date.now());
    return converterWriters[numbers].write({
      from,
      to,
      amount: amount.toFixed(),
      rate: displayRate(rate).toFixed(),
      result: result.toFixed(decimals),
      timestamp,
      date,
      source,
      stale,
      marketClosed,
      unit: isMetal(from) || isMetal(to) ? unit : undefined,
    });
  }
}
