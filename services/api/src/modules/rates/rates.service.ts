import { Injectable } from '@nestjs/common';
import { resultDecimals } from '@fxrates/domain';
import { convert, displayRate, RateDecimal } from '@fxrates/rates';
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
    return (
      `{"from":"${from}","to":"${to}","amount":${amount.toString()},"rate":${displayRate(rate).toString()},` +
      `"result":${result.toFixed(decimals)},"timestamp":"${table.timestamp}",` +
      `"date":"${table.date}","source":${JSON.stringify(table.source)}}`
    );
  }
}
