import { Type, type Static } from '@sinclair/typebox';
import {
  ErrorCode,
  PLAN_IDS,
  RATE_PROVIDER_IDS,
  type StatusHistoryResponse,
  type StatusResponse,
} from '@fxrates/domain';
import { compileWriter, StringEnum, type DocumentedRoute, type RouteSchema } from '../../common/openapi';

export const STATUS_PATH = '/api/v1/status';
export const STATUS_HISTORY_PATH = '/api/v1/status/history';
/** The tag of the status operations: public, no key, not metered. */
export const STATUS_TAG = 'status';

const Source = StringEnum(RATE_PROVIDER_IDS, { description: 'The source', example: 'ecb' });
/** A value or null, as OpenAPI 3.0 writes it (`nullable`; it has no `null` type). */
const Nullable = <T>(schema: Record<string, unknown>) => Type.Unsafe<T | null>({ ...schema, nullable: true });
const Instant = (description: string) =>
  Nullable<string>({ type: 'string', format: 'date-time', description });

const SourceCadenceSchema = Type.Object(
  {
    pattern: StringEnum(['business-days', 'periodic', 'continuous', 'fixed'] as const, {
      description:
        'business-days: once a day on its calendar (TARGET for the ECB); periodic: every everySeconds; ' +
        'continuous: a market that moves all the time, expected at every poll; fixed: never updated',
      example: 'business-days',
    }),
    everySeconds: Nullable<number>({
      type: 'integer',
      minimum: 1,
      description: 'Seconds between two publications; null when continuous or fixed',
      example: 86400,
    }),
    summary: Type.String({ example: 'Daily on TARGET business days, about 16:00 CET' }),
  },
  { $id: 'SourceCadence', additionalProperties: false },
);

const PlanFreshness = Type.Object(
  {
    plan: StringEnum(PLAN_IDS, { example: 'basic' }),
    targetSeconds: Type.Integer({
      minimum: 1,
      description: "The plan's freshness promise: data older than this is answered `stale: true`",
      example: 3600,
    }),
    met: Type.Boolean({ description: "Whether the source's newest data meets it now" }),
  },
  { $id: 'PlanFreshness', additionalProperties: false },
);

const SourceStatusSchema = Type.Object(
  {
    source: Source,
    name: Type.String({ example: 'ECB daily reference rates' }),
    kind: StringEnum(['fiat', 'crypto', 'snapshot'] as const, { example: 'fiat' }),
    enabled: Type.Boolean({ description: 'Whether this deployment polls it' }),
    pollIntervalSeconds: Nullable<number>({
      type: 'number',
      minimum: 0,
      description: 'How often this deployment polls it; null when disabled',
      example: 1800,
    }),
    lastSuccessAt: Instant('When a poll of it last succeeded'),
    lastFailureAt: Instant('When a poll of it last failed'),
    consecutiveFailures: Type.Integer({ minimum: 0, description: 'Failed polls since the last success' }),
    dataTimestamp: Instant('The newest observation time of its data in service'),
    ageSeconds: Nullable<number>({
      type: 'integer',
      minimum: 0,
      description: 'Seconds since dataTimestamp when the answer was made',
      example: 540,
    }),
    marketClosed: Type.Boolean({
      description:
        'Its market is closed (a weekend or holiday of the ECB) and its data is the last before it: such data is not stale',
    }),
    freshness: Type.Array(PlanFreshness, { description: 'Per plan, cheapest first; empty when disabled' }),
    cadence: SourceCadenceSchema,
    missedPublishes: Nullable<number>({
      type: 'integer',
      minimum: 0,
      description:
        'Publications due in the last 7 days that were not seen, whether the source did not publish or our ' +
        "polls failed (consecutiveFailures tells which). Due: each of a daily source's business days once its " +
        "publication time (the ECB's 16:00 CET) has passed; for the others, one per max(period, poll " +
        "interval) after its newest data; each counts once the source's grace and one poll interval have " +
        'passed too. 0 for the bundled snapshot; null when disabled or no data has come yet',
      example: 0,
    }),
  },
  { $id: 'SourceStatus', additionalProperties: false },
);

const CurrencySourceSchema = Type.Object(
  {
    code: Type.String({ example: 'EUR' }),
    name: Type.String({ example: 'Euro' }),
    type: StringEnum(['fiat', 'crypto', 'metal'] as const, { example: 'fiat' }),
    source: Nullable<string>({
      type: 'string',
      description: 'The source of its rate in service; null for the pivot (USD) or when no source has it',
      example: 'ecb',
    }),
    timestamp: Instant('When that source published the value'),
    date: Nullable<string>({
      type: 'string',
      format: 'date',
      description: 'The day the value belongs to',
      example: '2026-11-27',
    }),
    ageSeconds: Nullable<number>({
      type: 'integer',
      minimum: 0,
      description: 'Seconds since timestamp when the answer was made',
      example: 3600,
    }),
    stale: Type.Boolean({
      description:
        "Older than 24 hours (the converter's and the Free plan's promise) while its market is open",
    }),
    marketClosed: Type.Boolean({
      description: "Its source's market is closed and this is its last value before: not stale",
    }),
  },
  { $id: 'CurrencySource', additionalProperties: false },
);

const Status = Type.Object(
  {
    generatedAt: Type.String({
      format: 'date-time',
      description: 'When the answer was made: once per few seconds, shared by every caller',
    }),
    sources: Type.Array(SourceStatusSchema, { description: 'Enabled sources first' }),
    pivot: Type.String({
      description: 'The currency every rate is expressed against: its row has no source',
      example: 'USD',
    }),
    currencies: Type.Array(CurrencySourceSchema, {
      description:
        'Every currency of the catalogue (fiat, crypto, metals), featured first: the source and age of its rate in service',
    }),
  },
  { $id: 'Status', additionalProperties: false },
);

const StatusHistory = Type.Object(
  {
    generatedAt: Type.String({ format: 'date-time' }),
    from: Type.String({ format: 'date-time', description: 'Start of the first step' }),
    stepSeconds: Type.Integer({ minimum: 1, example: 300 }),
    sources: Type.Array(
      Type.Object(
        {
          source: Source,
          ages: Type.Array(Nullable<number>({ type: 'integer', minimum: 0 }), {
            description:
              'The oldest data age (seconds) sampled in each step, oldest step first; null where none was recorded',
          }),
        },
        { additionalProperties: false },
      ),
      { description: 'Each enabled source' },
    ),
  },
  { $id: 'StatusHistory', additionalProperties: false },
);

/** An answer as documented: the domain type the frontend reads must fit the schema ... */
/** The JSON of each answer, written from the schema its operation shows. */
export const statusWriter = compileWriter(Status);
export const statusHistoryWriter = compileWriter(StatusHistory);
export const documentedStatus = (answer: StatusResponse): Static<typeof Status> => answer;
export const documentedHistory = (answer: StatusHistoryResponse): Static<typeof StatusHistory> => answer;
/** ... and what the schema allows must fit the domain type. */
type Fits<A, B> = [A] extends [B] ? true : never;
const schemasFitDomain: [
  Fits<Static<typeof Status>, StatusResponse>,
  Fits<Static<typeof StatusHistory>, StatusHistoryResponse>,
] = [true, true];
void schemasFitDomain;

const CACHED_HEADERS: RouteSchema['ok']['headers'] = ['Cache-Control', 'ETag', 'Vary', 'Content-Encoding'];
/** The same answer for every caller, key or none: it varies by encoding only. */
const OWN_HEADERS: RouteSchema['ok']['ownHeaders'] = {
  Vary: {
    description: 'The answer depends on Accept-Encoding only: it is the same for every caller',
    required: true,
    schema: { type: 'string', enum: ['Accept-Encoding'] },
  },
};
const NOT_MODIFIED: RouteSchema['ok']['notModified'] = {
  description: 'Not Modified: your If-None-Match names the current answer',
  headers: ['Cache-Control', 'ETag', 'Vary'],
};
/** A caller over its per-IP limit; the status store (Redis) unreachable. */
const PROBLEMS = [ErrorCode.RateLimited, ErrorCode.ServiceUnavailable];

export const STATUS_ROUTE: DocumentedRoute = {
  path: STATUS_PATH,
  schema: {
    operationId: 'getStatus',
    tag: STATUS_TAG,
    summary: 'Health and freshness of every rates source and every currency (public, not metered)',
    description:
      'For every source: its last successful poll, consecutive failures, the age of its newest data, per ' +
      "plan whether that age meets the plan's freshness promise, its publish cadence and the publications it " +
      'missed in the last 7 days. For every currency of the catalogue: the source and age of its rate in ' +
      'service. No API key; limited per IP. The answer is made once per few seconds (and at once for a new ' +
      'rates table) and shared: revalidate with If-None-Match. The 24-hour age series is ' +
      'GET /api/v1/status/history.',
    security: [],
    query: Type.Object({}),
    ok: {
      description: 'OK; not metered',
      body: Status,
      headers: CACHED_HEADERS,
      ownHeaders: OWN_HEADERS,
      notModified: NOT_MODIFIED,
    },
    problems: PROBLEMS,
  },
};

export const STATUS_HISTORY_ROUTE: DocumentedRoute = {
  path: STATUS_HISTORY_PATH,
  schema: {
    operationId: 'getStatusHistory',
    tag: STATUS_TAG,
    summary: "Each enabled source's data age over the last 24 hours (public, not metered)",
    description:
      "The worker samples each enabled source's data age once a minute; this gives the oldest age of each " +
      '5-minute step over the last 24 hours, for a sparkline. No API key; limited per IP; made once a minute.',
    security: [],
    query: Type.Object({}),
    ok: {
      description: 'OK; not metered',
      body: StatusHistory,
      headers: CACHED_HEADERS,
      ownHeaders: OWN_HEADERS,
      notModified: NOT_MODIFIED,
    },
    problems: PROBLEMS,
  },
};
