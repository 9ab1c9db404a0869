import { cheapestPlanFor, PLAN_IDS, type PlanId } from '@fxrates/domain';

/** Every plan may call the endpoints outside the plan table (the catalogue, usage, status): the cheapest. */
const EVERY_PLAN = PLAN_IDS[0];

export interface EndpointParameter {
  name: string;
  example: string;
  required: boolean;
  description: string;
  /** Part of the path ("/rates/historical/{date}") rather than the query. */
  inPath?: boolean;
  /** A member of a POST's JSON body (its example is the endpoint's `body`), not of the URL. */
  inBody?: boolean;
  /** How code passes it: a comma-separated list (an array in the SDK) or a number; default a string. */
  type?: 'list' | 'number';
}

/** The @fxrates/sdk method that calls an endpoint (named here: the page never bundles the SDK). */
export type SdkMethod =
  | 'latest'
  | 'rate'
  | 'convert'
  | 'historical'
  | 'timeseries'
  | 'fluctuation'
  | 'currencies'
  | 'usage'
  | 'status'
  | 'statusHistory'
  | 'subscribe'
  | 'fixings'
  | 'fixingRates'
  | 'fixing'
  | 'fixingVerification'
  | 'average'
  | 'ohlc'
  | 'convertBatch';

/** One public endpoint, as the docs describe it and the key tester calls it. */
export interface PublicEndpointDoc {
  id: string;
  /** Path below the public base, e.g. "/rates/rate". */
  path: string;
  summary: string;
  parameters: EndpointParameter[];
  metered: boolean;
  /** The cheapest plan that may call it. */
  plan: PlanId;
  sdkMethod: SdkMethod;
  /** Public: answered without a key (its examples send none, and the key tester cannot test a key on it). */
  keyless?: true;
  /** Server-Sent Events: the examples read events as they come, the key tester shows them live. */
  streamed?: true;
  /** POST with a JSON body (`body`, its members described as `inBody` parameters); GET when absent. */
  method?: 'POST';
  /** The example's JSON body, for a POST. */
  body?: unknown;
}

/** The endpoint's HTTP method. */
export const methodOf = (endpoint: PublicEndpointDoc) => endpoint.method ?? 'GET';

const from = { name: 'from', example: 'USD', required: true, description: 'Currency to convert from' };
const to = { name: 'to', example: 'EUR', required: true, description: 'Currency to convert to' };
const base = { name: 'base', example: 'USD', required: false, description: 'Base currency (default USD)' };
const historySymbols = {
  name: 'symbols',
  example: 'EUR,GBP',
  required: false,
  description: 'Comma-separated codes (default: every currency of the close)',
  type: 'list' as const,
};
const start = { name: 'start', example: '2024-03-01', required: true, description: 'First day, YYYY-MM-DD' };
const end = {
  name: 'end',
  example: '2024-03-28',
  required: true,
  description: 'Last day, YYYY-MM-DD (at most 366 days after start)',
};
/** Left empty in the examples: they answer JSON, which the key tester shows. */
const exportFormat = {
  name: 'format',
  example: '',
  required: false,
  description:
    'json (default), csv or ndjson: the same closes, one row per day and currency, each with its source and publication time; streamed, and gzip or brotli compressed when your client accepts it. Accept: text/csv or application/x-ndjson does the same.',
};
const amount = {
  name: 'amount',
  example: '100',
  required: true,
  description: 'Non-negative decimal, at most 1e15',
  type: 'number' as const,
};

/** Bars are kept for a plan's look-back only: the bars example asks for the last two days. */
const dayOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);
const TODAY = dayOf(Date.now());
const YESTERDAY = dayOf(Date.now() - 86_400_000);

/** Left empty in the examples: it applies only when a side is a metal. */
const metalUnit = {
  name: 'unit',
  example: '',
  required: false,
  description:
    'For a metal side (XAU, XAG, XPT, XPD): ozt (troy ounces, the default), g or kg; 1 ozt = 31.1034768 g. Not allowed when neither side is a metal.',
};

export const PUBLIC_ENDPOINTS: readonly PublicEndpointDoc[] = [
  {
    id: 'rate',
    path: '/rates/rate',
    summary: 'One exchange rate',
    parameters: [from, to],
    metered: true,
    plan: cheapestPlanFor('rate'),
    sdkMethod: 'rate',
  },
  {
    id: 'rates-convert',
    path: '/rates/convert',
    summary: 'Convert an amount',
    parameters: [from, to, amount, metalUnit],
    metered: true,
    plan: cheapestPlanFor('convert'),
    sdkMethod: 'convert',
  },
  {
    id: 'convert',
    path: '/convert',
    summary: 'Convert an amount (short path)',
    parameters: [from, to, amount, metalUnit],
    metered: true,
    plan: cheapestPlanFor('convert'),
    sdkMethod: 'convert',
  },
  {
    id: 'latest',
    path: '/rates/latest',
    summary: 'Latest rates against a base',
    parameters: [
      { name: 'base', example: 'USD', required: false, description: 'Base currency (default USD)' },
      {
        name: 'symbols',
        example: 'EUR,GBP,INR',
        required: false,
        description: 'Comma-separated codes (default: every currency of your plan)',
        type: 'list',
      },
    ],
    metered: true,
    plan: cheapestPlanFor('latest'),
    sdkMethod: 'latest',
  },
  {
    id: 'historical',
    path: '/rates/historical/{date}',
    summary: "A day's close; a weekend or holiday answers with the business day before",
    parameters: [
      {
        name: 'date',
        example: '2024-03-15',
        required: true,
        description: 'The day, YYYY-MM-DD',
        inPath: true,
      },
      base,
      historySymbols,
    ],
    metered: true,
    plan: cheapestPlanFor('historical'),
    sdkMethod: 'historical',
  },
  {
    id: 'timeseries',
    path: '/rates/timeseries',
    summary:
      'Daily closes over up to 366 days, one metered call; as JSON, or downloaded as CSV or NDJSON (one row per day and currency)',
    parameters: [start, end, base, historySymbols, exportFormat],
    metered: true,
    plan: cheapestPlanFor('timeseries'),
    sdkMethod: 'timeseries',
  },
  {
    id: 'fluctuation',
    path: '/rates/fluctuation',
    summary: 'Change between the closes at the start and end of a period',
    parameters: [start, end, base, historySymbols],
    metered: true,
    plan: cheapestPlanFor('fluctuation'),
    sdkMethod: 'fluctuation',
  },
  {
    id: 'fixings',
    path: '/fixings',
    summary:
      'The fixing cuts this service keeps (a local time in a zone, or the ECB fix) and the fixings stored over up to 366 days, of one cut or all',
    parameters: [
      { name: 'cut', example: 'ECB', required: false, description: 'Only this cut (default: every cut)' },
      {
        name: 'start',
        example: '2024-03-01',
        required: false,
        description: 'First day, YYYY-MM-DD (default: 30 days before end)',
      },
      {
        name: 'end',
        example: '2024-03-31',
        required: false,
        description: 'Last day, YYYY-MM-DD (default today)',
      },
    ],
    metered: true,
    plan: cheapestPlanFor('fixings'),
    sdkMethod: 'fixings',
  },
  {
    id: 'fixing-rates',
    path: '/fixings/{cut}/{date}',
    summary:
      "A cut's fixing of a day, its rates per 1 base (10 significant digits), each currency's source, and where its signed document and the keys are",
    parameters: [
      {
        name: 'cut',
        example: 'ECB',
        required: true,
        description: 'The cut (LDN1600, NY1200, UTC0000, ECB)',
        inPath: true,
      },
      {
        name: 'date',
        example: '2024-03-15',
        required: true,
        description: "The cut's local day, YYYY-MM-DD",
        inPath: true,
      },
      { ...base, example: 'EUR' },
      {
        ...historySymbols,
        example: 'USD,GBP',
        description: 'Comma-separated codes (default: every currency of the fixing in your plan)',
      },
    ],
    metered: true,
    plan: cheapestPlanFor('fixings'),
    sdkMethod: 'fixingRates',
  },
  {
    id: 'fixing',
    path: '/fixings/{id}',
    summary:
      'A signed fixing: the rates frozen at a cut (LDN1600, NY1200, UTC0000, the ECB fix) of a day, each with its source, never changed afterwards, with a detached Ed25519 JWS over its canonical JSON (see Fixings below)',
    parameters: [
      {
        name: 'id',
        example: 'fix_ECB_20240315',
        required: true,
        description: 'fix_<cut>_<YYYYMMDD>, the cut and its local day',
        inPath: true,
      },
    ],
    metered: true,
    plan: cheapestPlanFor('fixings'),
    sdkMethod: 'fixing',
  },
  {
    id: 'fixing-verify',
    path: '/fixings/{id}/verify',
    summary:
      "A fixing's signature checked by the API against the published key its kid names. Verifying it yourself (see Fixings below) trusts no one",
    parameters: [
      {
        name: 'id',
        example: 'fix_ECB_20240315',
        required: true,
        description: 'fix_<cut>_<YYYYMMDD>',
        inPath: true,
      },
    ],
    metered: false,
    plan: cheapestPlanFor('fixings'),
    sdkMethod: 'fixingVerification',
  },
  {
    id: 'average',
    path: '/rates/average',
    summary:
      "Period averages: each calendar month, quarter or year's mean of the daily rates, with the low, the high and the days counted, as exact decimals (half-even); each day's rate and source is listed",
    parameters: [
      base,
      {
        name: 'symbols',
        example: 'EUR,GBP',
        required: true,
        description: 'Comma-separated codes to average',
        type: 'list',
      },
      {
        name: 'period',
        example: 'month',
        required: false,
        description: 'month (the default), quarter or year: the calendar periods the range touches',
      },
      { name: 'start', example: '2024-03-01', required: true, description: 'First day, YYYY-MM-DD' },
      {
        name: 'end',
        example: '2024-03-31',
        required: true,
        description: 'Last day, YYYY-MM-DD, not in the future',
      },
      {
        name: 'basis',
        example: 'close',
        required: false,
        description:
          "Each day's rate: close (the default; the days on which both currencies have a close of their own) or a fixing cut's name (LDN1600, NY1200, UTC0000, ECB: the days with a fixing of that cut)",
      },
      {
        name: 'detail',
        example: '',
        required: false,
        description: 'days: also list every day counted with its rate and sources (and fixing)',
      },
    ],
    metered: true,
    plan: cheapestPlanFor('average'),
    sdkMethod: 'average',
  },
  {
    id: 'ohlc',
    path: '/rates/ohlc',
    summary:
      "Intraday bars of one pair: open, high, low, close and ticks per 1 minute, 5 minutes, 1 hour or 1 day, built from every rates table the service accepted (a cross pair from both legs' simultaneous values); as JSON, CSV or NDJSON",
    parameters: [
      base,
      { name: 'symbol', example: 'EUR', required: true, description: 'The quoted currency' },
      {
        name: 'interval',
        example: '1h',
        required: true,
        description: '1m, 5m, 1h or 1d; which ones, and how far back, depends on your plan',
      },
      {
        name: 'start',
        example: YESTERDAY,
        required: true,
        description:
          'A day (YYYY-MM-DD, from its 00:00 UTC) or an instant with its offset (2026-11-30T10:00:00Z)',
      },
      {
        name: 'end',
        example: TODAY,
        required: true,
        description:
          'Excluded; a day includes that day. At most 2 days of 1m bars, 14 of 5m, 92 of 1h, 366 of 1d per call',
      },
      { ...exportFormat, description: 'json (default), csv or ndjson' },
    ],
    metered: true,
    plan: cheapestPlanFor('ohlc'),
    sdkMethod: 'ohlc',
  },
  {
    id: 'convert-batch',
    path: '/convert/batch',
    summary:
      'Converts up to 1,000 rows in one call, each at a date, at a fixing or now; answers a result or a problem per row, in order, with exact decimals. Metered as one call per 100 rows',
    parameters: [
      {
        name: 'rows',
        example: '',
        required: true,
        description: 'The rows, 1 to 1,000, each { ref, amount, from, to, at }',
        inBody: true,
      },
      {
        name: 'rows[].ref',
        example: '',
        required: false,
        description: 'Your reference (at most 128 characters), given back with the row',
        inBody: true,
      },
      {
        name: 'rows[].amount',
        example: '',
        required: true,
        description:
          'A non-negative decimal, at most 1e15: a JSON number (its digits as written are used) or a string ("1250.50")',
        inBody: true,
      },
      {
        name: 'rows[].from',
        example: '',
        required: true,
        description: 'Currency to convert from',
        inBody: true,
      },
      { name: 'rows[].to', example: '', required: true, description: 'Currency to convert to', inBody: true },
      {
        name: 'rows[].at',
        example: '',
        required: false,
        description:
          "now (the default), a day (YYYY-MM-DD: that day's close; Basic plan and up) or a fixing id (fix_ECB_20240315)",
        inBody: true,
      },
      {
        name: 'rows[].unit',
        example: '',
        required: false,
        description: 'For a metal side: ozt (the default), g or kg, as unit of /convert',
        inBody: true,
      },
    ],
    metered: true,
    plan: cheapestPlanFor('convert-batch'),
    sdkMethod: 'convertBatch',
    method: 'POST',
    body: {
      rows: [
        { ref: 'INV-1001', amount: 1250.5, from: 'USD', to: 'EUR', at: '2024-03-15' },
        { ref: 'INV-1002', amount: 99.99, from: 'GBP', to: 'USD', at: '2024-03-15' },
        { ref: 'INV-1003', amount: 10, from: 'USD', to: 'XYZ', at: '2024-03-15' },
      ],
    },
  },
  {
    id: 'stream',
    path: '/stream',
    summary:
      'Server-Sent Events: a snapshot of the requested rates, then an event for each change, with its provenance; a heartbeat every 15 s; resumes with Last-Event-ID. One metered call when opened and one per started hour',
    parameters: [
      base,
      {
        name: 'symbols',
        example: 'EUR,GBP,BTC',
        required: true,
        description: 'Comma-separated codes to follow',
        type: 'list',
      },
    ],
    metered: true,
    plan: cheapestPlanFor('stream'),
    sdkMethod: 'subscribe',
    streamed: true,
  },
  {
    id: 'currencies',
    path: '/currencies',
    summary:
      'The currency catalogue: 150+ fiat (ISO 4217 minor units) and 100+ crypto, what your plan includes and what has a rate now',
    parameters: [
      { name: 'type', example: 'fiat', required: false, description: 'fiat, crypto or metal (default: all)' },
    ],
    metered: false,
    plan: EVERY_PLAN,
    sdkMethod: 'currencies',
  },
  {
    id: 'usage',
    path: '/usage',
    summary:
      "This month's quota state, and every call of your keys by day, key, endpoint and status class (`from`/`to` choose the days; needs the usage:read scope)",
    parameters: [],
    metered: false,
    plan: EVERY_PLAN,
    sdkMethod: 'usage',
  },
  {
    id: 'status',
    path: '/status',
    summary:
      "Every rate source's freshness: last success, failures in a row, data age, per plan whether its freshness target is met, its publish cadence and the publications it missed in the last 7 days; and every currency with the source and age of its rate. No key needed",
    parameters: [],
    metered: false,
    plan: EVERY_PLAN,
    sdkMethod: 'status',
    keyless: true,
  },
  {
    id: 'status-history',
    path: '/status/history',
    summary: "Each source's data age over the last 24 hours, in 5-minute steps. No key needed",
    parameters: [],
    metered: false,
    plan: EVERY_PLAN,
    sdkMethod: 'statusHistory',
    keyless: true,
  },
];

/**
 * The endpoints the key tester offers: a key can only be tested on one that reads it, and the tester
 * sends GETs (the batch's body is not a form).
 */
export const KEY_TESTABLE_ENDPOINTS = PUBLIC_ENDPOINTS.filter(
  (endpoint) => !endpoint.keyless && methodOf(endpoint) === 'GET',
);

/** "/rates/rate?from=USD&to=EUR" from the given values (or the examples). */
export function endpointUrl(endpoint: PublicEndpointDoc, values: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  let path = endpoint.path;
  for (const parameter of endpoint.parameters) {
    if (parameter.inBody) continue;
    const value = (values[parameter.name] ?? parameter.example).trim();
    if (parameter.inPath) path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (value !== '') query.set(parameter.name, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
