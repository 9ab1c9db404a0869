import { Type } from '@sinclair/typebox';
import { ErrorCode } from '@fxrates/domain';
import { pairRateText } from '@fxrates/rates';
import { compileWriter, parameterNames } from '../../../../common/openapi';
import { onlyParameters, requiredCurrency, CurrencyCode } from '../../../../common/input';
import { assertCurrenciesInPlan } from '../../../plans';
import {
  FROM_PARAMETER,
  PLANS_NOTE,
  PROVENANCE,
  RATES_PROBLEMS,
  TO_PARAMETER,
} from '../../public-api.schemas';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../../public-route';
import { PROVENANCE_WRITER, withRates, writtenProvenanceOf } from '../../rates-json';
import { DecimalField, NUMBERS_QUERY, numbersOf } from '../../numbers';

const QUERY = Type.Object({ from: FROM_PARAMETER, to: TO_PARAMETER, ...NUMBERS_QUERY });
const PARAMETERS = parameterNames(QUERY);

const Rate = Type.Object(
  {
    from: CurrencyCode('USD'),
    to: CurrencyCode('EUR'),
    rate: DecimalField('Units of `to` per 1 `from`', 0.8802258808),
    ...PROVENANCE,
  },
  { $id: 'Rate', additionalProperties: false },
);
const writer = compileWriter(Rate, { groups: [PROVENANCE_WRITER] });

/** GET /api/v1/rates/rate?from&to: one rate, units of `to` per 1 `from`. */
export const rateRoute: PublicRoute = {
  path: `${PUBLIC_API_PREFIX}/rates/rate`,
  endpoint: 'rate',
  scope: 'rates:read',
  metered: true,
  memoised: true,
  caching: { made: 'current-rates' },
  writer,
  schema: {
    operationId: 'getRate',
    summary: 'One rate',
    description: `Units of \`to\` per 1 \`from\`, 10 significant digits. ${PLANS_NOTE}`,
    query: QUERY,
    body: Rate,
    problems: [...RATES_PROBLEMS, ErrorCode.MissingParameter],
  },
  handle({ query, key, table, now }) {
    onlyParameters(query, PARAMETERS);
    const from = requiredCurrency(query, 'from');
    const to = requiredCurrency(query, 'to');
    const numbers = numbersOf(query);
    assertCurrenciesInPlan(key.plan, [from, to]);
    const rate = withRates(() => pairRateText(table, from, to));
    const provenance = writtenProvenanceOf(table, [from, to], key.plan, now, numbers);
    return writer.write({ from, to, rate, [PROVENANCE_WRITER.key]: provenance }, numbers);
  },
};
