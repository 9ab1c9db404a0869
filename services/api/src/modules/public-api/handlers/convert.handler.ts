import { resultDecimals } from '@fxrates/domain';
import { convert, RateDecimal } from '@fxrates/rates';
import { parseConvertQuery } from '../../rates/convert-query';
import { assertCurrenciesInPlan } from '../../plans';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../public-route';
import { provenanceJson, withRates } from '../rates-json';

/** GET /api/v1/convert?from&to&amount (and its alias /api/v1/rates/convert). */
export function convertRoute(path: string): PublicRoute {
  return {
    path,
    endpoint: 'convert',
    metered: true,
    memoised: true,
    handle({ query, key, table, now }) {
      const { from, to, amount } = parseConvertQuery(query);
      assertCurrenciesInPlan(key.plan, [from, to]);
      const decimals = resultDecimals(from, to);
      const typed = new RateDecimal(amount);
      const { rateText, result } = withRates(() => convert(table, from, to, typed, decimals));
      return (
        `{"from":"${from}","to":"${to}","amount":${typed.toString()},"rate":${rateText},` +
        `"result":${result.toFixed(decimals)},${provenanceJson(table, [from, to], key.plan, now)}}`
      );
    },
  };
}

export const convertRoutes: PublicRoute[] = [
  convertRoute(`${PUBLIC_API_PREFIX}/convert`),
  convertRoute(`${PUBLIC_API_PREFIX}/rates/convert`),
];
