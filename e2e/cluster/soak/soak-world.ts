import { randomUUID } from 'node:crypto';
import { PLAN_IDS, type PlanId } from '@fxrates/domain';
import { pubSubChannels } from '@fxrates/queues';
import { ormConfig, RateHistoryRepository, User, UsersRepository, type DailyClose } from '@fxrates/db';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Redis } from 'ioredis';
import { send, type Answer, type SoakRequest } from './soak-http';

export type Plan = PlanId;
export const PLANS: readonly Plan[] = PLAN_IDS;
const USERS_PER_PLAN = 3;
const KEYS_PER_USER = 3;
/**
 * Anonymous visitors at the start: each converts a few times a minute, far under the per-session
 * limit (CONVERTER_SESSION_PER_MINUTE, 60), as people do.
 */
const VISITORS = 100;
export const PASSWORD = 'soak horse battery staple';

/** ECB currencies given a synthetic history (per USD, the product's base), with a typical level. */
export const HISTORY_LEVELS: Record<string, number> = {
  EUR: 0.92,
  GBP: 0.79,
  JPY: 150,
  CHF: 0.88,
  CAD: 1.36,
  AUD: 1.52,
  SEK: 10.6,
  NOK: 10.8,
  DKK: 6.9,
  INR: 83,
  CNY: 7.2,
  PLN: 4,
};
/** Days of history seeded, ending yesterday. */
export const HISTORY_DAYS = 730;

export interface ApiKey {
  key: string;
  plan: Plan;
}

/** A signed-in dashboard user: the access token and the refresh cookie it rotates with. */
export interface DashboardUser {
  email: string;
  /** The address the user browses from (X-Forwarded-For through the cluster's proxy). */
  address: string;
  accessToken: string;
  /** Epoch ms at which the access token expires (its `exp`). */
  expiresAt: number;
  refreshCookie: string;
  /** A refresh in flight: a refresh token used twice revokes the sign-in, so one at a time. */
  refreshing: boolean;
  /**
   * The sign-in was lost (a refresh refused, or its answer never read, so the rotated cookie is
   * unknown): the web client signs in again, as a person sent back to the sign-in page would.
   */
  signedOut: boolean;
}

/** A visitor of the landing page: its converter session and its address. */
export interface Visitor {
  sessionToken: string;
  address: string;
}

export interface SoakWorld {
  keys: ApiKey[];
  users: DashboardUser[];
  /** Anonymous converter sessions; the mix adds new visitors as it goes. */
  visitors: Visitor[];
  /** Codes each plan may ask for that the rates table has (from /api/v1/currencies). */
  currencies: Record<Plan, string[]>;
  historyCurrencies: string[];
}

function expiryOf(accessToken: string): number {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as {
    exp: number;
  };
  return payload.exp * 1000;
}

export function refreshCookieOf(answer: Answer): string {
  const cookies = answer.headers['set-cookie'] ?? [];
  const cookie = cookies.find((line) => line.startsWith('fxrates_refresh='));
  if (!cookie) throw new Error(`No refresh cookie in ${JSON.stringify(cookies)}`);
  return cookie.split(';')[0];
}

/** Takes in a sign-in answer (register, refresh): the new token pair. */
export function signedIn(user: DashboardUser, answer: Answer): void {
  const body = JSON.parse(answer.text) as { accessToken: string };
  user.accessToken = body.accessToken;
  user.expiresAt = expiryOf(body.accessToken);
  user.refreshCookie = refreshCookieOf(answer);
}

async function expect2xx(baseUrl: string, request: SoakRequest): Promise<Answer> {
  const answer = await send(baseUrl, request);
  if (answer.status < 200 || answer.status > 299)
    throw new Error(
      `Soak setup: ${request.method} ${request.path} answered ${answer.status}: ${answer.text.slice(0, 300)}`,
    );
  return answer;
}

/**
 * Plans are set as billing sets them once a payment is verified (UserPlansService.changePlan): the
 * row, then the announcement every API instance listens to, so none keeps a cached free plan.
 */
async function setPlans(
  em: EntityManager,
  redisUrl: string,
  redisKeyPrefix: string,
  plans: Map<string, Plan>,
): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await redis.connect();
  try {
    for (const [userId, plan] of plans) {
      await em.fork().nativeUpdate(User, { id: userId }, { plan });
      await redis.publish(pubSubChannels(redisKeyPrefix).planChanged, userId);
    }
  } finally {
    redis.disconnect();
  }
}

const DAY_MS = 86_400_000;

/**
 * A synthetic ECB-like history (weekdays only, gently moving closes) for the last HISTORY_DAYS days:
 * /historical, /timeseries and /fluctuation then answer from it as from an imported one.
 */
async function seedHistory(em: EntityManager): Promise<void> {
  const today = Math.floor(Date.now() / DAY_MS);
  const closes: DailyClose[] = [];
  for (let day = today - HISTORY_DAYS; day < today; day++) {
    const weekday = new Date(day * DAY_MS).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    Object.entries(HISTORY_LEVELS).forEach(([currency, level], index) => {
      const rate = level * (1 + 0.03 * Math.sin(day / 17 + index + 1));
      closes.push({ day: date, currency, rate: rate.toFixed(6) });
    });
  }
  await new RateHistoryRepository(em.fork()).replaceCloses('ecb', closes);
}

async function waitForPlans(baseUrl: string, keys: ApiKey[], deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (const { key, plan } of keys) {
    // Round robin over the instances: a run of consecutive right answers has visited each of them.
    let inARow = 0;
    while (inARow < 8) {
      const answer = await expect2xx(baseUrl, {
        name: 'setup',
        method: 'GET',
        path: '/api/v1/usage',
        headers: { 'x-api-key': key },
      });
      inARow = (JSON.parse(answer.text) as { plan: string }).plan === plan ? inARow + 1 : 0;
      if (Date.now() > deadline)
        throw new Error(`Soak setup: the plan ${plan} of a key was not seen everywhere in time`);
      if (inARow === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Users on every plan with their keys, signed-in dashboard users, anonymous sessions and a history. */
export async function buildSoakWorld(cluster: {
  url: string;
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
}): Promise<SoakWorld> {
  const orm = new MikroORM(ormConfig({ url: cluster.databaseUrl, poolMax: 2 }));
  try {
    return await buildWith(orm.em, cluster);
  } finally {
    await orm.close();
  }
}

async function buildWith(
  em: EntityManager,
  cluster: { url: string; redisUrl: string; redisKeyPrefix: string },
): Promise<SoakWorld> {
  const baseUrl = cluster.url;
  await seedHistory(em);
  const users: DashboardUser[] = [];
  const plansByUser = new Map<string, Plan>();
  const keys: ApiKey[] = [];
  for (const plan of PLANS) {
    for (let u = 0; u < USERS_PER_PLAN; u++) {
      const email = `soak-${plan}-${randomUUID()}@example.test`;
      const address = visitorAddress();
      const answer = await expect2xx(baseUrl, {
        name: 'setup',
        method: 'POST',
        path: '/api/auth/register',
        headers: { 'x-forwarded-for': address },
        body: { firstName: 'Soak', lastName: plan, email, password: PASSWORD },
      });
      const user: DashboardUser = {
        email,
        address,
        accessToken: '',
        expiresAt: 0,
        refreshCookie: '',
        refreshing: false,
        signedOut: false,
      };
      signedIn(user, answer);
      users.push(user);
      const userId = (JSON.parse(answer.text) as { user: { uid: string } }).user.uid;
      plansByUser.set(userId, plan);
      // Only verified addresses create keys; opening the emailed link is not what the soak measures.
      await new UsersRepository(em.fork()).verifyEmail(userId, email);
      for (let k = 0; k < KEYS_PER_USER; k++) {
        const created = await expect2xx(baseUrl, {
          name: 'setup',
          method: 'POST',
          path: '/api/keys',
          headers: { authorization: `Bearer ${user.accessToken}`, 'x-forwarded-for': address },
          body: { name: `soak ${k + 1}` },
        });
        keys.push({ key: (JSON.parse(created.text) as { key: string }).key, plan });
      }
    }
  }
  await setPlans(em, cluster.redisUrl, cluster.redisKeyPrefix, plansByUser);
  await waitForPlans(baseUrl, keys, 30_000);

  const currencies = {} as Record<Plan, string[]>;
  for (const plan of PLANS) {
    const key = keys.find((k) => k.plan === plan)!.key;
    const answer = await expect2xx(baseUrl, {
      name: 'setup',
      method: 'GET',
      path: '/api/v1/currencies',
      headers: { 'x-api-key': key },
    });
    const list = (
      JSON.parse(answer.text) as { currencies: { code: string; inYourPlan: boolean; available: boolean }[] }
    ).currencies;
    currencies[plan] = list.filter((c) => c.inYourPlan && c.available).map((c) => c.code);
    if (currencies[plan].length < 2)
      throw new Error(`Soak setup: the ${plan} plan has ${currencies[plan].length} currencies with rates`);
  }

  const visitors: Visitor[] = [];
  for (let v = 0; v < VISITORS; v++) {
    const address = visitorAddress();
    const answer = await expect2xx(baseUrl, newVisitorRequest(address));
    visitors.push({ sessionToken: sessionTokenOf(answer), address });
  }
  return { keys, users, visitors, currencies, historyCurrencies: ['USD', ...Object.keys(HISTORY_LEVELS)] };
}

/**
 * A client address of its own for each visitor, user and contact message, from 198.18.0.0/15 (set
 * aside for benchmarks, RFC 2544): per-address limits then count as they would in production.
 */
export function visitorAddress(): string {
  const n = Math.floor(Math.random() * 2 ** 17);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

export function newVisitorRequest(address: string): SoakRequest {
  return {
    name: 'new session',
    method: 'POST',
    path: '/api/auth/session',
    headers: { 'x-forwarded-for': address },
  };
}

export function sessionTokenOf(answer: Answer): string {
  const token = (JSON.parse(answer.text) as { sessionToken?: string }).sessionToken;
  if (!token) throw new Error(`No session token in ${answer.text.slice(0, 200)}`);
  return token;
}
