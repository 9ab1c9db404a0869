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
  fixings: {
    status: 200,
    body: {
      cuts: [
        { name: 'LDN1600', kind: 'clock', timeZone: 'Europe/London', time: '16:00', days: 'weekdays' },
        { name: 'ECB', kind: 'ecb', timeZone: 'Europe/Berlin', time: '16:00', days: 'ecb-days' },
      ],
      start: '2024-03-01',
      end: '2024-03-31',
      fixings: [
        {
          id: 'fix_ECB_20240315',
          cut: 'ECB',
          date: '2024-03-15',
          cutAt: '2024-03-15T15:00:00.000Z',
          frozenAt: '2024-03-15T15:00:12.345Z',
        },
      ],
    },
    shortened: true,
  },
  'fixing-rates': {
    status: 200,
    body: {
      id: 'fix_ECB_20240315',
      cut: 'ECB',
      date: '2024-03-15',
      cutAt: '2024-03-15T15:00:00.000Z',
      frozenAt: '2024-03-15T15:00:12.345Z',
      base: 'EUR',
      rates: { USD: 1.0892, GBP: 0.8541 },
      provenance: {
        EUR: { source: 'ecb', timestamp: '2024-03-15T15:00:00.000Z', date: '2024-03-15' },
        GBP: { source: 'ecb', timestamp: '2024-03-15T15:00:00.000Z', date: '2024-03-15' },
      },
      publisher: 'FXRates fixings',
      signature: {
        alg: 'EdDSA',
        kid: 'Xb0aQ4mN7rT2vW9yK3pL6sH1dF8gJ5cE0uZ2iO4nB7k',
        jws: 'eyJhbGciOiJFZERTQSIsImtpZCI6IlhiMGFRNG1ON3JUMnZXOXlLM3BMNnNIMWRGOGdKNWNFMHVaMmlPNG5CN2sifQ..x3Tq8u0Rk1mWJf2bQd6pXn4cZs9aLh7vYyKe5oGt0NrPiDjUwMlVqBHEFa3Sc2bTz1uXw9nOkd8Ryq6Gm4LtAg',
      },
      signedDocument: '/api/v1/fixings/fix_ECB_20240315',
      verify: '/api/v1/fixings/fix_ECB_20240315/verify',
      jwks: '/.well-known/jwks.json',
    },
  },
  'fixing-verify': {
    status: 200,
    body: {
      id: 'fix_ECB_20240315',
      valid: true,
      kid: 'Xb0aQ4mN7rT2vW9yK3pL6sH1dF8gJ5cE0uZ2iO4nB7k',
      alg: 'EdDSA',
      jwks: '/.well-known/jwks.json',
    },
  },
  fixing: {
    status: 200,
    body: {
      id: 'fix_ECB_20240315',
      cut: 'ECB',
      date: '2024-03-15',
      cutAt: '2024-03-15T15:00:00.000Z',
      base: 'USD',
      rates: { EUR: '0.9181050312', GBP: '0.7841535072' },
      provenance: {
        EUR: { source: 'ecb', timestamp: '2024-03-15T15:00:00.000Z', date: '2024-03-15' },
        GBP: { source: 'ecb', timestamp: '2024-03-15T15:00:00.000Z', date: '2024-03-15' },
      },
      tableVersion: '1710514812345-0',
      frozenAt: '2024-03-15T15:00:12.345Z',
      publisher: 'FXRates fixings',
      signature: {
        alg: 'EdDSA',
        kid: 'Xb0aQ4mN7rT2vW9yK3pL6sH1dF8gJ5cE0uZ2iO4nB7k',
        jws: 'eyJhbGciOiJFZERTQSIsImtpZCI6IlhiMGFRNG1ON3JUMnZXOXlLM3BMNnNIMWRGOGdKNWNFMHVaMmlPNG5CN2sifQ..x3Tq8u0Rk1mWJf2bQd6pXn4cZs9aLh7vYyKe5oGt0NrPiDjUwMlVqBHEFa3Sc2bTz1uXw9nOkd8Ryq6Gm4LtAg',
      },
    },
    shortened: true,
  },
  average: {
    status: 200,
    body: {
      base: 'USD',
      start: '2024-03-01',
      end: '2024-03-31',
      period: 'month',
      basis: 'close',
      source: ['ecb'],
      periods: [
        {
          period: '2024-03',
          from: '2024-03-01',
          to: '2024-03-31',
          partial: false,
          rates: {
            EUR: { mean: 0.9197906659, low: 0.9141603437, high: 0.9249838128, days: 20, sources: ['ecb'] },
            GBP: { mean: 0.7866432894, low: 0.7790706184, high: 0.7929733728, days: 20, sources: ['ecb'] },
          },
        },
      ],
    },
  },
  ohlc: {
    status: 200,
    body: {
      base: 'USD',
      symbol: 'EUR',
      interval: '1h',
      start: '2026-11-30T00:00:00.000Z',
      end: '2026-12-02T00:00:00.000Z',
      bars: [
        {
          t: '2026-11-30T09:00:00.000Z',
          open: 0.8621,
          high: 0.86245,
          low: 0.86187,
          close: 0.86231,
          ticks: 60,
        },
        {
          t: '2026-11-30T10:00:00.000Z',
          open: 0.86231,
          high: 0.86302,
          low: 0.86224,
          close: 0.86288,
          ticks: 60,
        },
      ],
    },
    shortened: true,
  },
  'convert-batch': {
    status: 200,
    body: {
      results: [
        {
          index: 0,
          ref: 'INV-1001',
          at: '2024-03-15',
          from: 'USD',
          to: 'EUR',
          amount: 1250.5,
          rate: 0.9181050312,
          result: 1148.0903,
          minorUnits: 2,
          timestamp: '2024-03-15T15:00:00.000Z',
          date: '2024-03-15',
          source: ['ecb'],
          stale: false,
          marketClosed: false,
        },
        {
          index: 1,
          ref: 'INV-1002',
          at: '2024-03-15',
          from: 'GBP',
          to: 'USD',
          amount: 99.99,
          rate: 1.275260508,
          result: 127.5153,
          minorUnits: 2,
          timestamp: '2024-03-15T15:00:00.000Z',
          date: '2024-03-15',
          source: ['ecb'],
          stale: false,
          marketClosed: false,
        },
        {
          index: 2,
          ref: 'INV-1003',
          problem: {
            type: '/problems/unknown-currency',
            title: 'Unknown currency',
            status: 400,
            detail: '"XYZ" in "to" is not a supported currency code.',
            code: 'unknown-currency',
            message: '"XYZ" in "to" is not a supported currency code.',
          },
        },
      ],
      ok: 2,
      failed: 1,
      calls: 1,
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
