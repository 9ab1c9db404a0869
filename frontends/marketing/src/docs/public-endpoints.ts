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
  | 'subscribe';

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
}

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

/** The endpoints the key tester offers: a key can only be tested on one that reads it. */
export const KEY_TESTABLE_ENDPOINTS = PUBLIC_ENDPOINTS.filter((endpoint) => !endpoint.keyless);

/** "/rates/rate?from=USD&to=EUR" from the given values (or the examples). */
export function endpointUrl(endpoint: PublicEndpointDoc, values: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  let path = endpoint.path;
  for (const parameter of endpoint.parameters) {
    const value = (values[parameter.name] ?? parameter.example).trim();
    if (parameter.inPath) path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (value !== '') query.set(parameter.name, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
