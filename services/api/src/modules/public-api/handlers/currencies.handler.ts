import { Type, type Static } from '@sinclair/typebox';
import { CURRENCIES, ErrorCode, planAllowsCurrency, type CurrencyType } from '@fxrates/domain';
import { AppException } from '../../../common/errors';
import { parameterNames, StringEnum } from '../../../common/openapi';
import { onlyParameters, optionalString, CurrencyCode } from '../../../common/input';
import { NullableDay } from '../public-api.schemas';
import type { RateHistory } from '../../history';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../public-route';
import { compileWriter } from '../../../common/openapi';

const TYPES: readonly CurrencyType[] = ['fiat', 'crypto', 'metal'];

const QUERY = Type.Object({
  type: Type.Optional(
    StringEnum(TYPES, {
      description: 'Only fiat currencies, only crypto assets or only metals (per troy ounce) (default: all)',
    }),
  ),
});
const PARAMETERS = parameterNames(QUERY);

const string = (description: string, example: string) => Type.String({ description, example });

const Currencies = Type.Object(
  {
    currencies: Type.Array(
      Type.Object(
        {
          code: CurrencyCode('EUR'),
          name: string('Name', 'Euro'),
          type: StringEnum(TYPES),
          symbol: string('Symbol', '€'),
          flag: Type.Optional(string('Flag emoji (fiat)', '🇪🇺')),
          icon: Type.Optional(string('Icon glyph (some crypto)', '₿')),
          minorUnits: Type.Optional(
            Type.Integer({
              minimum: 0,
              description: 'ISO 4217 minor units (fiat): 2 for EUR, 0 for JPY, 3 for KWD',
              example: 2,
            }),
          ),
          featured: Type.Boolean(),
          inYourPlan: Type.Boolean({ description: "Whether your plan's calls may use it" }),
          available: Type.Boolean({ description: 'Whether a rate for it is in service right now' }),
          historyFrom: NullableDay(
            'The first day of its daily history (historical, timeseries, fluctuation); null while we hold none',
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'Currencies', additionalProperties: false },
);
const writer = compileWriter(Currencies);

/**
 * GET /api/v1/currencies?type=fiat|crypto|metal: the catalogue, marking what the caller's plan
 * includes and the first day of each currency's history.
 */
export const currenciesRoute = (history: RateHistory): PublicRoute => ({
  path: `${PUBLIC_API_PREFIX}/currencies`,
  metered: false,
  scope: 'rates:read',
  // The catalogue changes with a release; a client may keep it for an hour, and revalidate after.
  caching: { made: 'fixed', cacheControl: 'public, max-age=3600' },
  writer,
  schema: {
    operationId: 'listCurrencies',
    summary: 'The currency catalogue (not metered)',
    description:
      'Every fiat currency, crypto asset and metal (XAU, XAG, XPT, XPD, per troy ounce; tokenised gold such as PAXG is crypto), featured ones first, each marked with whether your plan includes it, whether a rate is in service and the first day of its daily history (`historyFrom`).',
    query: QUERY,
    body: Currencies,
    problems: [],
  },
  async handle({ query, key, table }) {
    onlyParameters(query, PARAMETERS);
    const type = optionalString(query, 'type');
    if (type !== undefined && !(TYPES as readonly string[]).includes(type)) {
      throw new AppException(ErrorCode.ValidationFailed, '"type" must be fiat, crypto or metal.');
    }
    const held = await history.heldRanges();
    const currencies = CURRENCIES.filter((c) => type === undefined || c.type === type).map(
      ({ iconFile: _webOnlyIcon, flagFile: _webOnlyFlag, ...currency }) => ({
        ...currency,
        inYourPlan: planAllowsCurrency(key.plan, currency.code),
        available: table.perUsd.has(currency.code),
        // USD is the unit every close is stored against: its history is every other currency's.
        historyFrom:
          currency.code === 'USD'
            ? held.size
              ? minFirst(held)
              : null
            : (held.get(currency.code)?.first ?? null),
      }),
    );
    return writer.write({ currencies } satisfies Static<typeof Currencies>);
  },
});

function minFirst(held: ReadonlyMap<string, { first: string }>): string {
  let first = '9999-12-31';
  for (const range of held.values()) if (range.first < first) first = range.first;
  return first;
}
