import { CURRENCIES, planAllowsCurrency } from '@fxrates/domain';
import { pairRate } from '@fxrates/rates';
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
    // Without symbols the answer is every currency the plan allows, so the plan is part of the key.
    const cacheKey = `latest|${base}|${requested?.join(',') ?? `*${key.plan}`}`;
    const symbols = () =>
      requested ??
      CURRENCIES.map((c) => c.code).filter(
        (code) => code !== base && planAllowsCurrency(key.plan, code) && table.perUsd.has(code),
      );
    const rates = fragmentOf(table, cacheKey, () =>
      withRates(() => symbols().map((code) => `"${code}":${pairRate(table, base, code).display}`)).join(','),
    );
    const provenance = provenanceJson(table, [base, ...(requested ?? symbols())], key.plan, now);
    return `{"base":"${base}",${provenance},"rates":{${rates}}}`;
  },
};
