import { Injectable } from '@nestjs/common';
import { PLANS, resultDecimals } from '@fxrates/domain';
import { assessFreshness, convert, displayRate, RateDecimal, summarizeProvenance } from '@fxrates/rates';
import { withRates } from './with-rates';
import { CurrentRates } from './current-rates';

@Injectable()
export class RatesService {
  constructor(private readonly rates: CurrentRates) {}

  /**
   * Converts with the in-memory table and returns the JSON text of the response. The numbers are
   * written as exact decimal literals (the result keeps its 4 or 8 decimals), which JSON allows and
   * JSON.stringify of a float could not guarantee.
   */
  convertToJson(from: string, to: string, amountText: string): string {
    const table = this.rates.current;
    const amount = new RateDecimal(amountText);
    const decimals = resultDecimals(from, to);
    const { rate, result } = withRates(() => convert(table, from, to, amount, decimals));
    const { timestamp, date, source, origins } = summarizeProvenance(table, [from, to]);
    // The converter promises what the Free plan does.
    const { stale, marketClosed } = assessFreshness(origins, PLANS.free.freshnessMs, Date.now());
    return (
      `{"from":"${from}","to":"${to}","amount":${amount.toString()},"rate":${displayRate(rate).toString()},` +
      `"result":${result.toFixed(decimals)},"timestamp":"${timestamp}",` +
      `"date":"${date}","source":${JSON.stringify(source)},"stale":${stale},"marketClosed":${marketClosed}}`
    );
  }
}
