import { CURRENCIES, planAllowsCurrency } from '@fxrates/domain';
import { pairRateText } from '@fxrates/rates';
import { onlyParameters, optionalCurrency, optionalCurrencyList } from '../../rates/query-params';
import { assertCurrenciesInPlan } from '../../plans';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../public-route';
import { fragmentOf, provenanceJson, withRates } from '../rates-json';

/** GET /api/v1/rates/latest?base=USD&symbols=EUR,GBP: the newest rates against one base. */
export const latestRoute: PublicRoute = {
  path: `${PUBLIC_API_PREFIX}/rates/latest`,
  endpoint: 'latest',
  metered: true,
  memoised: true,
  handle({ query, key, table, now }) {
    onlyParameters(query, ['base', 'symbols']);
    const base = optionalCurrency(query, 'base', 'USD');
    const requested = optionalCurrencyList(query, 'symbols');
    assertCurrenciesInPlan(key.plan, [base, ...(requested ?? [])]);
    const ratesOf = (codes: readonly string[]) =>
      withRates(() => codes.map((code) => `"${code}":${pairRateText(table, base, code)}`)).join(',');
    // Named symbols join a few pair texts remembered per table; every currency the plan allows (a
    // long list to filter and join) is remembered per table, base and plan.
    const symbols = () =>
      CURRENCIES.map((c) => c.code).filter(
        (code) => code !== base && planAllowsCurrency(key.plan, code) && table.perUsd.has(code),
      );
    const rates = requested
      ? ratesOf(requested)
      : fragmentOf(table, `latest|${base}|*${key.plan}`, () => ratesOf(symbols()));
    const provenance = provenanceJson(table, [base, ...(requested ?? symbols())], key.plan, now);
    return `{"base":"${base}",${provenance},"rates":{${rates}}}`;
  },
};
