import type { OpenAPIObject, OperationObject, ParameterObject, ResponseObject } from '@nestjs/swagger';
import { ErrorCode } from '@fxrates/domain';
import { problemResponses, RATE_LIMIT_HEADERS, type ProblemCode } from '../../common/openapi';
import {
  AMOUNT_PARAMETER,
  currencyListParameter,
  currencyParameter,
  dateParameter,
} from '../rates/query-params.openapi';
import { MAX_SERIES_DAYS } from '../history';
import { PUBLIC_API_PREFIX } from './public-route';

type Document = OpenAPIObject;
type Schema = NonNullable<NonNullable<Document['components']>['schemas']>[string];

const number = (description: string, example: number) => ({ type: 'number', description, example });
const integer = (description: string, example: number) => ({
  type: 'integer',
  minimum: 0,
  description,
  example,
});
const string = (description: string, example: string) => ({ type: 'string', description, example });
const code = (example: string) => ({ type: 'string', pattern: '^[A-Z0-9]{2,10}$', example });

const provenance = {
  timestamp: {
    type: 'string',
    format: 'date-time',
    description: 'When the source published the oldest rate involved',
  },
  date: { type: 'string', format: 'date', description: 'Day the oldest rate involved belongs to' },
  source: string(
    'Where the rates come from: every source involved, comma-separated (ecb, frankfurter, oxr, coinbase, binance, coingecko, bundled-snapshot)',
    'ecb',
  ),
  stale: {
    type: 'boolean',
    description:
      "True when a rate involved is older than your plan's freshness promise (free 24 h, basic 1 h, professional 10 min, enterprise 1 min) while its market is open",
  },
  marketClosed: {
    type: 'boolean',
    description:
      "True when a fiat rate involved is its source's last publication before the weekend or holiday we are in (ECB publishes on TARGET business days): not stale, just the newest there is",
  },
};
const provenanceRequired = ['timestamp', 'date', 'source', 'stale', 'marketClosed'];
const ratesMap = (description: string, example: Record<string, number>) => ({
  type: 'object',
  additionalProperties: { type: 'number' },
  description,
  example,
});

export const PUBLIC_API_SCHEMAS: Record<string, Schema> = {
  LatestRates: {
    type: 'object',
    required: ['base', 'rates', ...provenanceRequired],
    additionalProperties: false,
    properties: {
      base: code('USD'),
      ...provenance,
      rates: ratesMap('Units of each currency per 1 base, 10 significant digits', {
        EUR: 0.8802258808,
        GBP: 0.7614328001,
      }),
    },
  },
  Rate: {
    type: 'object',
    required: ['from', 'to', 'rate', ...provenanceRequired],
    additionalProperties: false,
    properties: {
      from: code('USD'),
      to: code('EUR'),
      rate: number('Units of `to` per 1 `from`', 0.8802258808),
      ...provenance,
    },
  },
  Conversion: {
    type: 'object',
    required: ['from', 'to', 'amount', 'rate', 'result', ...provenanceRequired],
    additionalProperties: false,
    properties: {
      from: code('USD'),
      to: code('EUR'),
      amount: number('The amount, as given', 100),
      rate: number('Units of `to` per 1 `from`, 10 significant digits', 0.8802258808),
      result: number('amount × rate, half-even to 4 decimals (8 when crypto is involved)', 88.0226),
      ...provenance,
    },
  },
  Currencies: {
    type: 'object',
    required: ['currencies'],
    additionalProperties: false,
    properties: {
      currencies: {
        type: 'array',
        items: {
          type: 'object',
          required: ['code', 'name', 'type', 'symbol', 'featured', 'inYourPlan', 'available'],
          additionalProperties: false,
          properties: {
            code: code('EUR'),
            name: string('Name', 'Euro'),
            type: { type: 'string', enum: ['fiat', 'crypto'] },
            symbol: string('Symbol', '€'),
            flag: string('Flag emoji (fiat)', '🇪🇺'),
            icon: string('Icon glyph (some crypto)', '₿'),
            minorUnits: {
              type: 'integer',
              minimum: 0,
              description: 'ISO 4217 minor units (fiat): 2 for EUR, 0 for JPY, 3 for KWD',
              example: 2,
            },
            featured: { type: 'boolean' },
            inYourPlan: { type: 'boolean', description: "Whether your plan's calls may use it" },
            available: { type: 'boolean', description: 'Whether a rate for it is in service right now' },
          },
        },
      },
    },
  },
  HistoricalRates: {
    type: 'object',
    required: ['base', 'rates', ...provenanceRequired],
    additionalProperties: false,
    properties: {
      base: code('USD'),
      ...provenance,
      carriedForwardFrom: {
        type: 'string',
        format: 'date',
        description: 'On a weekend or holiday: the business day whose close this is',
      },
      source: string('Where the closes come from', 'ecb'),
      rates: ratesMap('Units of each currency per 1 base at the close, 10 significant digits', {
        EUR: 0.9174311927,
        GBP: 0.7804,
      }),
    },
  },
  TimeSeries: {
    type: 'object',
    required: ['base', 'start', 'end', 'source', 'stale', 'rates'],
    additionalProperties: false,
    properties: {
      base: code('USD'),
      start: { type: 'string', format: 'date' },
      end: { type: 'string', format: 'date' },
      timestamp: { type: 'string', format: 'date-time', description: 'When the last close was published' },
      source: string('Where the closes come from', 'ecb'),
      stale: { type: 'boolean', description: 'Always false: a close is final' },
      rates: {
        type: 'object',
        description: 'One entry per business day (weekends and holidays are absent, never invented)',
        additionalProperties: { type: 'object', additionalProperties: { type: 'number' } },
        example: { '2024-03-15': { EUR: 0.9174311927 }, '2024-03-18': { EUR: 0.9191176471 } },
      },
    },
  },
  Fluctuation: {
    type: 'object',
    required: ['base', 'start', 'end', 'startDay', 'endDay', 'timestamp', 'source', 'stale', 'rates'],
    additionalProperties: false,
    properties: {
      base: code('USD'),
      start: { type: 'string', format: 'date' },
      end: { type: 'string', format: 'date' },
      startDay: {
        type: 'string',
        format: 'date',
        description: 'The business day whose close starts the period',
      },
      endDay: { type: 'string', format: 'date', description: 'The business day whose close ends it' },
      timestamp: { type: 'string', format: 'date-time', description: 'When the last close was published' },
      source: string('Where the closes come from', 'ecb'),
      stale: { type: 'boolean', description: 'Always false: a close is final' },
      rates: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          required: ['startRate', 'endRate', 'change', 'changePct'],
          additionalProperties: false,
          properties: {
            startRate: number('Close at the start', 0.9174311927),
            endRate: number('Close at the end', 0.9191176471),
            change: number('endRate − startRate', 0.0016864544),
            changePct: number('Change in percent, 4 decimals', 0.1838),
          },
        },
      },
    },
  },
  Usage: {
    type: 'object',
    required: ['plan', 'monthlyQuota', 'used', 'remaining', 'resetsAt', 'burstPerSecond'],
    additionalProperties: false,
    properties: {
      plan: { type: 'string', enum: ['free', 'basic', 'professional', 'enterprise'] },
      monthlyQuota: integer('Metered calls per calendar month (UTC)', 1000),
      used: integer('Metered calls this month', 42),
      remaining: integer('Calls left this month', 958),
      resetsAt: { type: 'string', format: 'date-time', description: 'Start of next month (UTC)' },
      burstPerSecond: integer('Metered calls per second', 2),
    },
  },
};

/** The tag of every /api/v1 operation served with an API key. */
export const PUBLIC_API_TAG = 'rates';

/** What any call with a key can be refused for, before its own checks. */
const KEY_PROBLEMS: ProblemCode[] = [
  ErrorCode.MissingApiKey,
  ErrorCode.InvalidApiKey,
  ErrorCode.ApiKeyDisabled,
  ErrorCode.ValidationFailed,
];
/** What a metered call can be refused for: the second's burst, the month's quota, or no count (Redis away). */
const METERED_PROBLEMS: ProblemCode[] = [
  ErrorCode.RateLimited,
  ErrorCode.QuotaExceeded,
  ErrorCode.ServiceUnavailable,
];
/** What the current rates can be refused for: a currency outside the plan, a rate not in service. */
const RATES_PROBLEMS: ProblemCode[] = [
  ErrorCode.UnknownCurrency,
  ErrorCode.PlanUpgradeRequired,
  ErrorCode.RateUnavailable,
];
/** What the history endpoints can be refused for. */
const HISTORY_PROBLEMS: ProblemCode[] = [
  ErrorCode.UnknownCurrency,
  ErrorCode.PlanUpgradeRequired,
  ErrorCode.InvalidDate,
  ErrorCode.DateOutOfRange,
  ErrorCode.HistoryUnavailable,
];

interface PublicOperation {
  operationId: string;
  summary: string;
  description: string;
  /** Name of the 200 body's schema in PUBLIC_API_SCHEMAS. */
  schema: string;
  parameters: ParameterObject[];
  metered: boolean;
  /** Its own refusals, beyond KEY_PROBLEMS (and METERED_PROBLEMS when metered). */
  problems: ProblemCode[];
}

function operation({
  operationId,
  summary,
  description,
  schema,
  parameters,
  metered,
  problems,
}: PublicOperation) {
  const refusals = problemResponses([...KEY_PROBLEMS, ...(metered ? METERED_PROBLEMS : []), ...problems]);
  if (metered) refusals['429'].headers = { ...refusals['429'].headers, ...RATE_LIMIT_HEADERS };
  const ok: ResponseObject = {
    description: metered ? 'OK; counted against your monthly quota' : 'OK; not metered',
    ...(metered ? { headers: { ...RATE_LIMIT_HEADERS } } : {}),
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
  };
  return {
    get: {
      tags: [PUBLIC_API_TAG],
      operationId,
      summary,
      description,
      security: [{ apiKey: [] }],
      parameters,
      responses: { '200': ok, ...refusals },
    } satisfies OperationObject,
  };
}

const base = currencyParameter('base', 'Base currency (default USD)', 'USD', false);
const from = currencyParameter('from', 'Currency to convert from', 'USD');
const to = currencyParameter('to', 'Currency to convert to', 'EUR');
const historySymbols = currencyListParameter(
  'Currencies to answer (default: every currency of the close in your plan)',
  ['EUR', 'GBP'],
);
const period = [
  dateParameter('start', 'query', 'First day', '2024-03-01'),
  dateParameter(
    'end',
    'query',
    `Last day, at most ${MAX_SERIES_DAYS} days after start and not in the future`,
    '2024-03-31',
  ),
];
const PLANS_NOTE =
  'A currency outside your plan is 403 `plan-upgrade-required`, naming the plan that includes it.';

function convertOperation(operationId: string, alias: boolean) {
  return operation({
    operationId,
    summary: alias ? 'Convert an amount (alias of /api/v1/convert)' : 'Convert an amount',
    description:
      `\`amount\` × the rate from \`from\` to \`to\`, rounded half-even to 4 decimals, or 8 when crypto is involved. ${PLANS_NOTE}` +
      (alias ? ' Answers exactly as GET /api/v1/convert.' : ''),
    schema: 'Conversion',
    parameters: [from, to, AMOUNT_PARAMETER],
    metered: true,
    problems: [
      ...RATES_PROBLEMS,
      ErrorCode.MissingParameter,
      ErrorCode.InvalidAmount,
      ErrorCode.AmountTooLarge,
    ],
  });
}

/** Adds the /api/v1 routes (mounted on Fastify directly) and their schemas to the document. */
export function addPublicApi(document: Document): void {
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, ...PUBLIC_API_SCHEMAS };
  document.components.securitySchemes = {
    ...document.components.securitySchemes,
    apiKey: {
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
      description: 'Your key from the dashboard, e.g. fxrates_0f8b…',
    },
  };
  Object.assign(document.paths, {
    [`${PUBLIC_API_PREFIX}/rates/latest`]: operation({
      operationId: 'getLatestRates',
      summary: 'Latest rates against a base',
      description: `The newest rate of each currency per 1 \`base\`, 10 significant digits. Without \`symbols\`: every currency of your plan. ${PLANS_NOTE}`,
      schema: 'LatestRates',
      parameters: [
        base,
        currencyListParameter('Currencies to answer (default: every currency of your plan)', [
          'EUR',
          'GBP',
          'JPY',
        ]),
      ],
      metered: true,
      problems: RATES_PROBLEMS,
    }),
    [`${PUBLIC_API_PREFIX}/rates/rate`]: operation({
      operationId: 'getRate',
      summary: 'One rate',
      description: `Units of \`to\` per 1 \`from\`, 10 significant digits. ${PLANS_NOTE}`,
      schema: 'Rate',
      parameters: [from, to],
      metered: true,
      problems: [...RATES_PROBLEMS, ErrorCode.MissingParameter],
    }),
    [`${PUBLIC_API_PREFIX}/convert`]: convertOperation('convert', false),
    [`${PUBLIC_API_PREFIX}/rates/convert`]: convertOperation('convertAlias', true),
    [`${PUBLIC_API_PREFIX}/rates/historical/{date}`]: operation({
      operationId: 'getHistoricalRates',
      summary: "A day's closing rates (Basic plan and up)",
      description: `The ECB's close of a day, re-based on \`base\`. A weekend or holiday answers with the business day before (\`carriedForwardFrom\`). ${PLANS_NOTE}`,
      schema: 'HistoricalRates',
      parameters: [
        dateParameter('date', 'path', 'The day, not in the future', '2024-03-15'),
        base,
        historySymbols,
      ],
      metered: true,
      problems: HISTORY_PROBLEMS,
    }),
    [`${PUBLIC_API_PREFIX}/rates/timeseries`]: operation({
      operationId: 'getTimeSeries',
      summary: 'Daily closes over a period (Professional plan and up)',
      description: `Every business day's close from \`start\` to \`end\` (at most ${MAX_SERIES_DAYS} days), one metered call. Days without a publication are absent, never invented. ${PLANS_NOTE}`,
      schema: 'TimeSeries',
      parameters: [...period, base, historySymbols],
      metered: true,
      problems: [...HISTORY_PROBLEMS, ErrorCode.MissingParameter],
    }),
    [`${PUBLIC_API_PREFIX}/rates/fluctuation`]: operation({
      operationId: 'getFluctuation',
      summary: 'Change over a period (Professional plan and up)',
      description: `The closes at the start and end of a period (each carried forward from the last business day) and the change between them, absolute and in percent. ${PLANS_NOTE}`,
      schema: 'Fluctuation',
      parameters: [...period, base, historySymbols],
      metered: true,
      problems: [...HISTORY_PROBLEMS, ErrorCode.MissingParameter],
    }),
    [`${PUBLIC_API_PREFIX}/currencies`]: operation({
      operationId: 'listCurrencies',
      summary: 'The currency catalogue (not metered)',
      description:
        'Every fiat currency and crypto asset, featured ones first, each marked with whether your plan includes it and whether a rate is in service.',
      schema: 'Currencies',
      parameters: [
        {
          name: 'type',
          in: 'query',
          required: false,
          description: 'Only fiat currencies or only crypto assets (default: both)',
          schema: { type: 'string', enum: ['fiat', 'crypto'] },
        },
      ],
      metered: false,
      problems: [],
    }),
    [`${PUBLIC_API_PREFIX}/usage`]: operation({
      operationId: 'getQuotaUsage',
      summary: "This month's quota state (not metered)",
      description:
        "The plan of the key's owner, its monthly quota and burst, the calls used this month and when the quota resets.",
      schema: 'Usage',
      parameters: [],
      metered: false,
      problems: [],
    }),
  });
}
