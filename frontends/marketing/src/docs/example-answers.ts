import type { PublicEndpointDoc } from './public-endpoints';

/** What an endpoint answers to its example request (public-endpoints.ts), as the docs page shows it. */
export interface ExampleAnswer {
  status: number;
  /** The JSON body; for the stream, its first events as `text/event-stream` text. */
  body: unknown;
  /** Long lists cut to their first entries (the real answer has them all). */
  shortened?: true;
}

/**
 * Answers of the real API to each endpoint's example (captured from it with the bundled snapshot and the
 * ECB history the project ships, lists shortened). services/api/test/docs-examples.e2e-spec.ts calls
 * every example and fails when an answer no longer has a field shown here, or has it with another type.
 * Loaded with the endpoint reference, not with the first page.
 */
export const EXAMPLE_ANSWERS: Record<PublicEndpointDoc['id'], ExampleAnswer> = {
  rate: {
    status: 200,
    body: {
      from: 'USD',
      to: 'EUR',
      rate: 0.88022588,
      timestamp: '2026-09-29T00:00:00.000Z',
      date: '2026-09-29',
      source: ['bundled-snapshot'],
      stale: true,
      marketClosed: false,
    },
  },
  'rates-convert': {
    status: 200,
    body: {
      from: 'USD',
      to: 'EUR',
      amount: 100,
      rate: 0.88022588,
      result: 88.0226,
      minorUnits: 2,
      timestamp: '2026-09-29T00:00:00.000Z',
      date: '2026-09-29',
      source: ['bundled-snapshot'],
      stale: true,
      marketClosed: false,
    },
  },
  convert: {
    status: 200,
    body: {
      from: 'USD',
      to: 'EUR',
      amount: 100,
      rate: 0.88022588,
      result: 88.0226,
      minorUnits: 2,
      timestamp: '2026-09-29T00:00:00.000Z',
      date: '2026-09-29',
      source: ['bundled-snapshot'],
      stale: true,
      marketClosed: false,
    },
  },
  latest: {
    status: 200,
    body: {
      base: 'USD',
      timestamp: '2026-09-29T00:00:00.000Z',
      date: '2026-09-29',
      source: ['bundled-snapshot'],
      stale: true,
      marketClosed: false,
      rates: { EUR: 0.88022588, GBP: 0.75538854, INR: 96.08534228 },
    },
  },
  historical: {
    status: 200,
    body: {
      base: 'USD',
      date: '2024-03-15',
      timestamp: '2024-03-15T15:00:00.000Z',
      source: ['ecb'],
      stale: false,
      marketClosed: false,
      rates: { EUR: 0.9181050312, GBP: 0.7841535072 },
      sources: { EUR: { source: 'ecb', day: '2024-03-15' }, GBP: { source: 'ecb', day: '2024-03-15' } },
    },
  },
  timeseries: {
    status: 200,
    body: {
      base: 'USD',
      start: '2024-03-01',
      end: '2024-03-28',
      timestamp: '2024-03-28T15:00:00.000Z',
      source: ['ecb'],
      stale: false,
      rates: {
        '2024-03-01': { EUR: 0.9248127254, GBP: 0.7915287154 },
        '2024-03-04': { EUR: 0.9219988936, GBP: 0.7890743131 },
        '2024-03-05': { EUR: 0.9217439395, GBP: 0.7884874182 },
      },
      sources: {
        EUR: [{ source: 'ecb', from: '2024-03-01', to: '2024-03-28' }],
        GBP: [{ source: 'ecb', from: '2024-03-01', to: '2024-03-28' }],
      },
      complete: true,
    },
    shortened: true,
  },
  fluctuation: {
    status: 200,
    body: {
      base: 'USD',
      start: '2024-03-01',
      end: '2024-03-28',
      startDay: '2024-03-01',
      endDay: '2024-03-28',
      timestamp: '2024-03-28T15:00:00.000Z',
      source: ['ecb'],
      stale: false,
      rates: {
        EUR: { startRate: 0.9248127254, endRate: 0.9249838128, change: 0.0001710874, changePct: 0.0185 },
        GBP: { startRate: 0.7915287154, endRate: 0.7909536583, change: -0.0005750571, changePct: -0.0727 },
      },
      sources: {
        EUR: { start: { source: 'ecb', day: '2024-03-01' }, end: { source: 'ecb', day: '2024-03-28' } },
        GBP: { start: { source: 'ecb', day: '2024-03-01' }, end: { source: 'ecb', day: '2024-03-28' } },
      },
    },
  },
  currencies: {
    status: 200,
    body: {
      currencies: [
        {
          code: 'USD',
          name: 'US Dollar',
          type: 'fiat',
          symbol: '$',
          flag: '🇺🇸',
          minorUnits: 2,
          featured: true,
          inYourPlan: true,
          available: true,
          historyFrom: '2024-02-20',
        },
        {
          code: 'EUR',
          name: 'Euro',
          type: 'fiat',
          symbol: '€',
          flag: '🇪🇺',
          minorUnits: 2,
          featured: true,
          inYourPlan: true,
          available: true,
          historyFrom: '2024-02-20',
        },
      ],
    },
    shortened: true,
  },
  usage: {
    status: 200,
    body: {
      plan: 'free',
      monthlyQuota: 1000,
      used: 0,
      remaining: 1000,
      resetsAt: '2027-01-01T00:00:00.000Z',
      burstPerSecond: 2,
      breakdown: { from: '2026-12-01', to: '2026-12-01', rows: [], keys: [] },
    },
  },
  status: {
    status: 200,
    body: {
      generatedAt: '2026-12-01T03:07:35.000Z',
      sources: [
        {
          source: 'bundled-snapshot',
          name: 'Bundled snapshot',
          kind: 'snapshot',
          enabled: true,
          pollIntervalSeconds: 3600,
          lastSuccessAt: null,
          lastFailureAt: null,
          consecutiveFailures: 0,
          dataTimestamp: null,
          ageSeconds: null,
          marketClosed: false,
          freshness: [
            { plan: 'free', targetSeconds: 86400, met: false },
            { plan: 'basic', targetSeconds: 3600, met: false },
            { plan: 'professional', targetSeconds: 600, met: false },
            { plan: 'enterprise', targetSeconds: 60, met: false },
          ],
          cadence: {
            pattern: 'fixed',
            everySeconds: null,
            summary: 'Fixed: a snapshot shipped with the release, never updated',
          },
          missedPublishes: 0,
        },
        {
          source: 'ecb',
          name: 'ECB daily reference rates',
          kind: 'fiat',
          enabled: false,
          pollIntervalSeconds: null,
          lastSuccessAt: null,
          lastFailureAt: null,
          consecutiveFailures: 0,
          dataTimestamp: null,
          ageSeconds: null,
          marketClosed: false,
          freshness: [],
          cadence: {
            pattern: 'business-days',
            everySeconds: 86400,
            summary: 'Daily on TARGET business days, about 16:00 CET',
          },
          missedPublishes: null,
        },
      ],
      pivot: 'USD',
      currencies: [
        {
          code: 'USD',
          name: 'US Dollar',
          type: 'fiat',
          source: null,
          timestamp: null,
          date: null,
          ageSeconds: null,
          stale: false,
          marketClosed: false,
        },
        {
          code: 'EUR',
          name: 'Euro',
          type: 'fiat',
          source: 'bundled-snapshot',
          timestamp: '2026-09-29T00:00:00.000Z',
          date: '2026-09-29',
          ageSeconds: 5454455,
          stale: true,
          marketClosed: false,
        },
      ],
    },
    shortened: true,
  },
  'status-history': {
    status: 200,
    body: {
      generatedAt: '2026-12-01T03:07:00.000Z',
      from: '2026-11-30T03:10:00.000Z',
      stepSeconds: 300,
      sources: [{ source: 'bundled-snapshot', ages: [null, null, null] }],
    },
    shortened: true,
  },
  stream: {
    status: 200,
    body: [
      'id: 6fc869934c14b2ad',
      'event: snapshot',
      `data: {"base":"USD","timestamp":"2026-09-29T00:00:00.000Z","date":"2026-09-29","source":["bundled-snapshot"],"stale":true,"marketClosed":false,"rates":{"EUR":0.88022588,"GBP":0.75538854,"BTC":0.0000089121},"reset":false}`,
      '',
      'id: 6fc869934c14b2ae',
      'event: rate',
      `data: {"base":"USD","symbol":"EUR","rate":0.8801734,"timestamp":"2026-09-29T00:00:05.000Z","date":"2026-09-29","source":["ecb"],"stale":false,"marketClosed":false}`,
      '',
      ': heartbeat',
      '',
    ].join('\n'),
  },
};

/** The example answer's text: JSON indented as the key tester shows answers, an event stream as it is. */
export function exampleAnswerText(answer: ExampleAnswer): string {
  return typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2);
}
