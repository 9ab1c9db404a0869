import { startPayPalStandIn, type PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { payPalEnv } from '../../../services/api/test/support/paypal-env';
import { startCluster, type Cluster, type ProxyBackendCounters } from '../cluster';
import { newAccount, type Account } from './support/accounts';
import { get, tally, timeUntil, type Outcome } from './support/load';
import { openGiven, type OpenGiven } from '@fxrates/testing';

const CLIENTS = 40;
const BASIC_MONTHLY = 'P-BASIC-MONTHLY';

describe('SIGTERM on a whole-API instance under load (a rolling deploy)', () => {
  let paypal: PayPalStandIn;
  let cluster: Cluster;
  let db: OpenGiven;
  let account: Account;
  let sessionToken: string;

  beforeAll(async () => {
    paypal = await startPayPalStandIn({ plans: { [BASIC_MONTHLY]: { interval: 'MONTH', price: '15.99' } } });
    cluster = await startCluster({
      env: {
        ...payPalEnv(paypal, `basic.monthly=${BASIC_MONTHLY}`),
        // The load is one user's and one converter session's: no limit of theirs may refuse it.
        PLAN_LIMITS: 'free=100000000:100000',
        CONVERTER_SESSION_PER_MINUTE: '1000000',
        CONVERTER_IP_PER_MINUTE: '1000000',
        CONVERTER_USER_PER_MINUTE: '1000000',
      },
    });
    db = openGiven(cluster.databaseUrl, cluster.env);
    account = await newAccount(cluster, db.given);
    const session = await fetch(`${cluster.url}/api/auth/session`, { method: 'POST' });
    expect(session.status).toBe(201);
    sessionToken = ((await session.json()) as { sessionToken: string }).sessionToken;
  });
  afterAll(async () => {
    await db?.close();
    await cluster?.stop();
    await paypal?.close();
  });

  const countersOf = (name: string): ProxyBackendCounters =>
    cluster.proxyCounters().find((counter) => counter.name === name)!;

  it('finishes its requests in flight, the others serve the rest, and no client sees an error', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const requests = [
      () => get(`${cluster.url}/api/v1/rates/latest`, { 'x-api-key': account.key }),
      () =>
        get(`${cluster.url}/api/rates/convert?from=USD&to=EUR&amount=12.5`, {
          'x-session-token': sessionToken,
        }),
    ];
    const load = Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = client; running; i++) outcomes.push(await requests[i % requests.length]());
      }),
    );

    const api1 = cluster.processes.find((process) => process.name === 'api-1')!;
    await timeUntil(async () => outcomes.length >= 500, 30_000);
    // SIGTERM while the instance has requests in hand, which it must still answer.
    await timeUntil(async () => countersOf('api-1').inFlight > 0, 5_000);
    const atSigterm = countersOf('api-1');
    const answeredBefore = outcomes.length;
    await api1.kill('SIGTERM');
    await timeUntil(async () => outcomes.length >= answeredBefore + 500, 30_000);
    // What the proxy saw of the instance: every answer it began, it finished.
    const afterExit = countersOf('api-1');

    // The next version of the instance comes up and takes its share again.
    await api1.start();
    const restarted = countersOf('api-1').responses;
    await timeUntil(async () => countersOf('api-1').responses > restarted + 50, 30_000);
    running = false;
    await load;

    expect(tally(outcomes)).toEqual({ '200': outcomes.length });
    // The requests the instance had in hand were answered, in full, before it exited.
    expect(atSigterm.inFlight).toBeGreaterThan(0);
    expect(afterExit.responses).toBeGreaterThanOrEqual(atSigterm.responses + atSigterm.inFlight);
    expect(afterExit.brokenResponses).toBe(0);
    // Afterwards its port refused, and each refused request went to another instance.
    expect(afterExit.refused).toBeGreaterThan(0);
    expect(afterExit.retriedElsewhere).toBe(afterExit.refused + afterExit.resets);
  });

  it('answers a slow request it has in hand when SIGTERM arrives, then exits by itself', async () => {
    const api2 = cluster.processes.find((process) => process.name === 'api-2')!;
    const buyer = await newAccount(cluster, db.given);
    const subscriptionId = paypal.createSubscription({
      plan_id: BASIC_MONTHLY,
      custom_id: buyer.userId,
    }).id;
    // The API's read of the subscription at PayPal waits until released: the request stays in hand.
    paypal.holdSubscriptionReads = true;
    const answer = fetch(`${api2.url}/api/v1/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.accessToken}` },
      body: JSON.stringify({
        userId: buyer.userId,
        paymentId: subscriptionId,
        plan: 'basic',
        billingCycle: 'monthly',
        amount: 15.99,
        paypalSubscriptionId: subscriptionId,
        status: 'ACTIVE',
      }),
    }).then(async (response) => ({ status: response.status, body: await response.text() }));
    await timeUntil(async () => paypal.heldReads() > 0, 10_000);

    const exited = api2.kill('SIGTERM');
    // It takes no new connection…
    await timeUntil(async () => (await get(`${api2.url}/api/health`)).status === 0, 10_000);
    // …and still answers the one in hand.
    paypal.releaseSubscriptionReads();
    expect(await answer).toEqual({ status: 201, body: expect.stringContaining(subscriptionId) });
    await exited;
    const usage = await fetch(`${cluster.url}/api/v1/usage`, { headers: { 'x-api-key': buyer.key } });
    expect(((await usage.json()) as { plan: string }).plan).toBe('basic');
    await api2.start();
  });
});
