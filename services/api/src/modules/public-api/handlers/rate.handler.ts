import { pairRateText } from '@fxrates/rates';
import { onlyParameters, requiredCurrency } from '../../rates/query-params';
import { assertCurrenciesInPlan } from '../../plans';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../public-route';
import { provenanceJson, withRates } from '../rates-json';

/** GET /api/v1/rates/rate?from&to: one rate, units of `to` per 1 `from`. */
export const rateRoute: PublicRoute = {
  path: `${PUBLIC_API_PREFIX}/rates/rate`,
  endpoint: 'rate',
  metered: true,
  memoised: true,
  handle({ query, key, table, now }) {
    onlyParameters(query, ['from', 'to']);
    const from = requiredCurrency(query, 'from');
    const to = requiredCurrency(query, 'to');
    assertCurrenciesInPlan(key.plan, [from, to]);
    const rate = withRates(() => pairRateText(table, from, to));
    const provenance = provenanceJson(table, [from, to], key.plan, now);
    return `{"from":"${from}","to":"${to}","rate":${rate},${provenance}}`;
  },
};
