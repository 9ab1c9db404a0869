import type { OpenAPIObject } from '@nestjs/swagger';
import { describedProblemResponses, problemResponses } from '../../common/openapi';
import { PUBLIC_API_PREFIX } from './public-route';

type Document = OpenAPIObject;
type Schema = NonNullable<NonNullable<Document['components']>['schemas']>[string];
type PathItem = Document['paths'][string];

const number = (description: string, example: number) => ({ type: 'number', description, example });
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
      monthlyQuota: number('Metered calls per calendar month (UTC)', 1000),
      used: number('Metered calls this month', 42),
      remaining: number('Calls left this month', 958),
      resetsAt: { type: 'string', format: 'date-time', description: 'Start of next month (UTC)' },
      burstPerSecond: number('Metered calls per second', 2),
    },
  },
};

const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    description: 'IETF draft: the monthly quota and the burst',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'IETF draft: remaining calls and seconds to the reset',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': { description: 'Monthly quota', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Calls left this month', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Reset time, Unix seconds', schema: { type: 'integer' } },
};

function query(name: string, description: string, example: string, required = true) {
  return {
    name,
    in: 'query' as 'query' | 'path',
    required,
    description,
    schema: { type: 'string' as const, example },
  };
}

/** What the history endpoints refuse, beyond the common codes. */
const HISTORY_PROBLEMS: Record<number, string> = {
  400:
    'Invalid input: missing-parameter, unknown-currency, validation-failed; invalid-date (not a calendar day ' +
    'written YYYY-MM-DD); date-out-of-range (in the future, end before start, or more than 366 days)',
  404:
    'history-unavailable: the day is before the first imported close, or no close was published for a ' +
    'requested currency on or within a week before it',
};

function operation(
  summary: string,
  schema: string,
  parameters: ReturnType<typeof query>[],
  metered: boolean,
  history = false,
): PathItem {
  return {
    get: {
      tags: ['public API v1'],
      summary: metered ? summary : `${summary} (not metered)`,
      security: [{ apiKey: [] }],
      parameters,
      responses: {
        '200': {
          description: 'OK',
          headers: metered ? RATE_LIMIT_HEADERS : undefined,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
        },
        ...problemResponses(400, 401, 403, ...(history ? [404] : []), ...(metered ? [429, 503] : [])),
        ...(history ? describedProblemResponses(HISTORY_PROBLEMS) : {}),
      },
    },
  };
}

const from = query('from', 'Currency to convert from', 'USD');
const base = query('base', 'Base currency (default USD)', 'USD', false);
const historySymbols = query(
  'symbols',
  'Comma-separated codes (default: every currency of the close)',
  'EUR,GBP',
  false,
);
const period = [
  query('start', 'First day, YYYY-MM-DD', '2024-03-01'),
  query('end', 'Last day, YYYY-MM-DD (at most 366 days after start)', '2024-03-31'),
];
const to = query('to', 'Currency to convert to', 'EUR');
const convertOperation = operation(
  'Convert an amount',
  'Conversion',
  [from, to, query('amount', 'Non-negative decimal, at most 1e15', '100')],
  true,
);

/** Adds the /api/v1 routes (mounted on Fastify directly) and their schemas to the document. */
export function addPublicApi(document: Document): void {
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, ...PUBLIC_API_SCHEMAS };
  document.components.securitySchemes = {
    ...document.components.securitySchemes,
    apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Your key, e.g. fxrates_0f8b…' },
  };
  Object.assign(document.paths, {
    [`${PUBLIC_API_PREFIX}/rates/latest`]: operation(
      'Latest rates against a base',
      'LatestRates',
      [
        query('base', 'Base currency (default USD)', 'USD', false),
        query(
          'symbols',
          'Comma-separated codes (default: every currency of your plan)',
          'EUR,GBP,JPY',
          false,
        ),
      ],
      true,
    ),
    [`${PUBLIC_API_PREFIX}/rates/rate`]: operation('One rate', 'Rate', [from, to], true),
    [`${PUBLIC_API_PREFIX}/convert`]: convertOperation,
    [`${PUBLIC_API_PREFIX}/rates/convert`]: convertOperation,
    [`${PUBLIC_API_PREFIX}/rates/historical/{date}`]: operation(
      "A day's close (Basic plan and up); a weekend or holiday answers with the business day before",
      'HistoricalRates',
      [{ ...query('date', 'The day, YYYY-MM-DD', '2024-03-15'), in: 'path' }, base, historySymbols],
      true,
      true,
    ),
    [`${PUBLIC_API_PREFIX}/rates/timeseries`]: operation(
      'Daily closes over a period of up to 366 days, one metered call (Professional plan and up)',
      'TimeSeries',
      [...period, base, historySymbols],
      true,
      true,
    ),
    [`${PUBLIC_API_PREFIX}/rates/fluctuation`]: operation(
      'Change between the closes at the start and end of a period (Professional plan and up)',
      'Fluctuation',
      [...period, base, historySymbols],
      true,
      true,
    ),
    [`${PUBLIC_API_PREFIX}/currencies`]: operation(
      'The currency catalogue',
      'Currencies',
      [query('type', 'fiat or crypto (default: both)', 'fiat', false)],
      false,
    ),
    [`${PUBLIC_API_PREFIX}/usage`]: operation("This month's quota state of your plan", 'Usage', [], false),
  });
}
