import { PLANS, type PlanId } from '@fxrates/domain';
import { createFxRatesClient, type FxRatesResponse } from '@fxrates/sdk';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { sdkCallArguments } from '../../../frontends/marketing/src/docs/code-snippets';
import { EXAMPLE_ANSWERS } from '../../../frontends/marketing/src/docs/example-answers';
import {
  endpointUrl,
  methodOf,
  PUBLIC_ENDPOINTS,
  type PublicEndpointDoc,
} from '../../../frontends/marketing/src/docs/public-endpoints';
import { BUNDLED_ECB_HISTORY, backfillEcbHistory } from '../../worker/src/history/ecb-backfill';
import { connectTestDatabase } from '../../worker/test/support/history-rows';
import { StreamHub } from '../src/modules/streams';
import { until } from '../../worker/test/support/waiting';
import { givenIn } from './support/given';
import { storeSignedFixings } from './support/signed-fixings';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/**
 * Where `example` shows what `real` does not have: a field it lacks, or has with another JSON type. A
 * null in the example stands for any value; a list is compared by its first entry (the page's are shortened).
 */
function shapeDifferences(example: unknown, real: unknown, at = '$'): string[] {
  if (example === null) return [];
  const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
  if (kind(example) !== kind(real)) return [`${at}: ${kind(example)} shown, ${kind(real)} answered`];
  if (Array.isArray(example)) {
    const answered = real as unknown[];
    return example.length > 0 && answered.length > 0
      ? shapeDifferences(example[0], answered[0], `${at}[0]`)
      : [];
  }
  if (typeof example !== 'object') return [];
  const answered = real as Record<string, unknown>;
  return Object.entries(example as Record<string, unknown>).flatMap(([key, value]) =>
    key in answered ? shapeDifferences(value, answered[key], `${at}.${key}`) : [`${at}.${key}: not answered`],
  );
}

/**
 * The fixing the page's example reads, stored as the worker stores one: the example's cut, day,
 * instants, rates and their provenance (its day is in the ECB history seeded below), signed.
 */
function storeExampleFixing(t: TestApp) {
  const example = EXAMPLE_ANSWERS.fixing.body as {
    cut: string;
    date: string;
    cutAt: string;
    frozenAt: string;
    rates: Record<string, string>;
    provenance: Record<string, { source: string; timestamp: string; date: string }>;
  };
  return storeSignedFixings(t.app, [
    {
      cut: example.cut,
      day: example.date,
      cutAt: example.cutAt,
      frozenAt: example.frozenAt,
      perUsd: example.rates,
      origin: (code) => example.provenance[code],
    },
  ]);
}

/**
 * Every example of the docs page (/docs, frontends/marketing/src/docs/public-endpoints.ts) as a
 * developer would try it: with a key of the plan the page names for it, it answers 200; a Free key
 * gets every Free example and, for the others, the 403 that names the plan and links to pricing. Each
 * JavaScript example's call is made through @fxrates/sdk, over HTTP, as the page writes it.
 */
describe("the docs page's examples, called with the plan each names", () => {
  let t: TestApp;

  const call = (endpoint: PublicEndpointDoc, key: string) => {
    const server = request(t.app.getHttpServer());
    const url = `/api/v1${endpointUrl(endpoint)}`;
    // The batch's example is a POST of its JSON body.
    const sent =
      methodOf(endpoint) === 'POST' ? server.post(url).send(endpoint.body as object) : server.get(url);
    return sent.set('X-API-Key', key);
  };

  /** A new user's key on `plan`: one per example, as Free allows 2 calls a second. */
  async function keyOn(plan: PlanId): Promise<string> {
    return (await givenIn(t.app).keyOnPlan({ plan, name: `docs examples (${plan})` })).key;
  }

  beforeAll(async () => {
    // The examples' days (March 2024) from the ECB history the project ships, as `rates:seed` imports it.
    const db = await connectTestDatabase();
    try {
      await backfillEcbHistory(db, { input: BUNDLED_ECB_HISTORY, from: '2024-02-20', to: '2024-03-31' });
    } finally {
      await db.end();
    }
    t = await startTestApp(testConfig());
    await storeExampleFixing(t);
    await t.app.listen(0, '127.0.0.1');
  }, 60_000);
  afterAll(async () => {
    // Node's fetch (undici) opens a spare connection beside the stream's that never sends a request;
    // Node 20's closeIdleConnections leaves such a connection be, and close would wait until undici
    // drops it.
    (t?.app.getHttpServer() as import('node:http').Server | undefined)?.closeAllConnections();
    await t?.close();
  });

  // The stream's example is read event by event: its own test below.
  const ANSWERED = PUBLIC_ENDPOINTS.filter((endpoint) => !endpoint.streamed);

  it.each(ANSWERED.map((endpoint) => [endpointUrl(endpoint), endpoint.plan, endpoint] as const))(
    '%s answers 200 to a %s key',
    async (_url, plan, endpoint) => {
      const answer = await call(endpoint, await keyOn(plan));
      expect([answer.status, answer.body.code]).toEqual([200, undefined]);
    },
  );

  it.each(ANSWERED.map((endpoint) => [endpointUrl(endpoint), endpoint] as const))(
    'the example answer the page shows for %s is the real answer in shape',
    async (_url, endpoint) => {
      const example = EXAMPLE_ANSWERS[endpoint.id];
      const answer = await call(endpoint, await keyOn(endpoint.plan));
      expect(answer.status).toBe(example.status);
      expect(shapeDifferences(example.body, answer.body)).toEqual([]);
    },
  );

  it.each(ANSWERED.map((endpoint) => [endpoint.id, endpoint.sdkMethod, endpoint.plan, endpoint] as const))(
    'the JavaScript example of %s, fx.%s(…), answers through the SDK to a %s key',
    async (_id, method, plan, endpoint) => {
      const { port } = t.app.getHttpServer().address() as AddressInfo;
      const fx = createFxRatesClient({ apiKey: await keyOn(plan), baseUrl: `http://127.0.0.1:${port}` });
      // The page's example calls this method with these arguments (code-snippets.spec.ts checks the text).
      const call = fx[method] as (...args: unknown[]) => Promise<FxRatesResponse<unknown>>;
      const answer = await call(...sdkCallArguments(endpoint));
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual(expect.any(Object));
    },
  );

  it.each(
    PUBLIC_ENDPOINTS.filter((endpoint) => endpoint.streamed).map(
      (endpoint) => [endpoint.id, endpoint] as const,
    ),
  )(
    'the JavaScript example of %s, fx.subscribe(…), gets its snapshot with a key of its plan',
    async (_id, endpoint) => {
      const { port } = t.app.getHttpServer().address() as AddressInfo;
      const fx = createFxRatesClient({
        apiKey: await keyOn(endpoint.plan),
        baseUrl: `http://127.0.0.1:${port}`,
      });
      const [query] = sdkCallArguments(endpoint) as [Parameters<typeof fx.subscribe>[0]];
      const snapshots: string[][] = [];
      const errors: unknown[] = [];
      const subscription = fx.subscribe(query, {
        onEvent: (event) => {
          if (event.type === 'snapshot') snapshots.push(Object.keys(event.data.rates));
          subscription.close();
        },
        onError: (error) => {
          errors.push(error);
          subscription.close();
        },
      });
      await subscription.done;
      // The stream ends on the server too once the client has left (the app can close).
      await until(() => t.app.get(StreamHub).open === 0, 5000);
      expect(errors).toEqual([]);
      expect(snapshots.map((codes) => [...codes].sort())).toEqual([[...(query.symbols ?? [])].sort()]);
      expect(subscription.lastEventId).toEqual(expect.any(String));
    },
  );

  it.each(
    PUBLIC_ENDPOINTS.filter((endpoint) => endpoint.plan !== 'free').map(
      (endpoint) => [endpointUrl(endpoint), endpoint] as const,
    ),
  )('%s refuses a Free key, naming the plan and linking to pricing', async (_url, endpoint) => {
    const refused = await call(endpoint, await keyOn('free')).expect(403);
    expect(refused.body.code).toBe('plan-upgrade-required');
    expect(refused.body).toMatchObject({
      title: 'Plan upgrade required',
      detail: expect.stringMatching(
        new RegExp(`needs the ${PLANS[endpoint.plan].name} plan or higher; your plan is Free`),
      ),
      requiredPlan: endpoint.plan,
      currentPlan: 'free',
      upgradeUrl: '/pricing',
    });
    expect(refused.body.message).toBe(refused.body.detail);
    expect(refused.headers.link).toContain('</pricing>');
  });
});
