import { Type } from '@sinclair/typebox';
import { CURRENCIES, planAllowsCurrency } from '@fxrates/domain';
import { compileWriter, parameterNames } from '../../../../common/openapi';
import {
  onlyParameters,
  optionalCurrency,
  optionalCurrencyList,
  CurrencyCode,
  CurrencyListParameter,
} from '../../../../common/input';
import { assertCurrenciesInPlan } from '../../../plans';
import { BASE_PARAMETER, PLANS_NOTE, PROVENANCE, RATES_PROBLEMS, RatesMap } from '../../public-api.schemas';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../../public-route';
import { fragmentOf, PROVENANCE_WRITER, ratesOf, writtenProvenanceOf } from '../../rates-json';
import { NUMBERS_QUERY, numbersOf } from '../../numbers';

const QUERY = Type.Object({
  base: Type.Optional(BASE_PARAMETER),
  symbols: Type.Optional(
    CurrencyListParameter('Currencies to answer (default: every currency of your plan)', [
      'EUR',
      'GBP',
      'JPY',
    ]),
  ),
  ...NUMBERS_QUERY,
});
const PARAMETERS = parameterNames(QUERY);

const LatestRates = Type.Object(
  {
    base: CurrencyCode('USD'),
    ...PROVENANCE,
    rates: RatesMap('Units of each currency per 1 base, 10 significant digits', {
      EUR: 0.8802258808,
      GBP: 0.7614328001,
    }),
  },
  { $id: 'LatestRates', additionalProperties: false },
);
const writer = compileWriter(LatestRates, { groups: [PROVENANCE_WRITER] });
const ratesWriter = compileWriter(LatestRates.properties.rates);

/** GET /api/v1/rates/latest?base=USD&symbols=EUR,GBP: the newest rates against one base. */
export const latestRoute: PublicRoute = {
  path: `${PUBLIC_API_PREFIX}/rates/latest`,
  endpoint: 'latest',
  scope: 'rates:read',
  metered: true,
  memoised: true,
  caching: { made: 'current-rates' },
  writer,
  schema: {
    operationId: 'getLatestRates',
    summary: 'Latest rates against a base',
    description: `The newest rate of each currency per 1 \`base\`, 10 significant digits. Without \`symbols\`: every currency of your plan. ${PLANS_NOTE}`,
    query: QUERY,
    body: LatestRates,
    problems: RATES_PROBLEMS,
  },
  handle({ query, key, table, now }) {
    onlyParameters(query, PARAMETERS);
    const base = optionalCurrency(query, 'base', 'USD');
    const requested = optionalCurrencyList(query, 'symbols');
    const numbers = numbersOf(query);
    assertCurrenciesInPlan(key.plan, [base, ...(requested ?? [])]);
    // Named symbols are a few pair texts remembered per table; every currency the plan allows (a
    // long list to filter and write) is written once per table, base, plan and numbers format.
    const symbols = () =>
      CURRENCIES.map((c) => c.code).filter(
        (code) => code !== base && planAllowsCurrency(key.plan, code) && table.perUsd.has(code),
      );
    const rates = requested
      ? ratesOf(table, base, requested)
      : fragmentOf(table, `latest|${base}|*${key.plan}|${numbers}`, () =>
          ratesWriter.fragment(ratesOf(table, base, symbols()), numbers),
        );
    const codes = [base, ...(requested ?? symbols())];
    const provenance = writtenProvenanceOf(table, codes, key.plan, now, numbers);
    return writer.write({ base, [PROVENANCE_WRITER.key]: provenance, rates }, numbers);
  },
};
