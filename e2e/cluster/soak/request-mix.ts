import { planAllowsEndpoint } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import type { Answer, SoakRequest } from './soak-http';
import {
  HISTORY_DAYS,
  newVisitorRequest,
  PASSWORD,
  PLANS,
  sessionTokenOf,
  signedIn,
  visitorAddress,
  type ApiKey,
  type DashboardUser,
  type Plan,
  type SoakWorld,
} from './soak-world';

/** One request of the mix, and what its answer changes in the world (a rotated cookie, a new session). */
export interface MixedRequest {
  request: SoakRequest;
  /** Called with a 2xx answer. */
  taken?(answer: Answer): void;
  /** Called however the request ended. */
  settled?(): void;
}

/** A reCAPTCHA token the siteverify stand-in accepts (its `good-` prefix); the API refuses a replay. */
const goodRecaptchaToken = () => `good-${randomUUID()}`;

/** Refresh a dashboard user's access token once it has less than this left, as the web client does. */
const REFRESH_AHEAD_MS = 120_000;
/** Most visitors kept: past it, each new visitor replaces the oldest. */
const MAX_VISITORS = 200;
const DAY_MS = 86_400_000;

type Pick = (world: SoakWorld) => MixedRequest;

const random = (n: number) => Math.floor(Math.random() * n);
const one = <T>(list: readonly T[]): T => list[random(list.length)];
function some<T>(list: readonly T[], most: number): T[] {
  const chosen = new Set<T>();
  const count = 1 + random(most);
  while (chosen.size < Math.min(count, list.length)) chosen.add(one(list));
  return [...chosen];
}
/** Amounts as people type them: 1 to 1 000 000, whole or with cents, now and then a tiny one. */
function amount(): string {
  const magnitude = 10 ** random(7);
  const value = Math.random() * magnitude;
  return random(3) === 0 ? String(Math.ceil(value)) : value.toFixed(random(10) === 0 ? 6 : 2);
}
const keyOn = (world: SoakWorld, plans: readonly Plan[]): ApiKey =>
  one(world.keys.filter((k) => plans.includes(k.plan)));
const anyKey = (world: SoakWorld): ApiKey => one(world.keys);
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
const HISTORY_PLANS = PLANS.filter((plan) => planAllowsEndpoint(plan, 'historical'));
const SERIES_PLANS = PLANS.filter((plan) => planAllowsEndpoint(plan, 'timeseries'));

function v1(name: string, key: ApiKey, path: string, expect?: SoakRequest['expect']): MixedRequest {
  return { request: { name, method: 'GET', path, headers: { 'x-api-key': key.key }, expect } };
}

/** A period inside the seeded history: 1 to 366 days ending at most HISTORY_DAYS - 1 days ago. */
function period(): { start: string; end: string } {
  // At least 3 days, so a period always holds a business day: one of weekend days only is a 404
  // history-unavailable by design, not an error of the load.
  const span = 3 + random(364);
  const endAgo = 1 + random(HISTORY_DAYS - span - 7);
  return { start: day(endAgo + span - 1), end: day(endAgo) };
}

function dashboardUser(world: SoakWorld): DashboardUser {
  return one(world.users);
}

function refresh(user: DashboardUser): MixedRequest {
  user.refreshing = true;
  let taken = false;
  return {
    request: {
      name: 'auth refresh',
      method: 'POST',
      path: '/api/auth/refresh',
      headers: { cookie: user.refreshCookie, 'x-forwarded-for': user.address },
    },
    taken: (answer) => {
      signedIn(user, answer);
      taken = true;
    },
    settled: () => {
      user.refreshing = false;
      if (!taken) user.signedOut = true;
    },
  };
}

/** Signing in again after a lost sign-in (one at a time per user, like a refresh). */
function signIn(user: DashboardUser): MixedRequest {
  user.refreshing = true;
  return {
    request: {
      name: 'auth login',
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'x-forwarded-for': user.address },
      body: { email: user.email, password: PASSWORD },
    },
    taken: (answer) => {
      signedIn(user, answer);
      user.signedOut = false;
    },
    settled: () => (user.refreshing = false),
  };
}

/** A dashboard page's call, or the refresh its client makes first when the token is about to expire. */
function dashboard(path: string): Pick {
  return (world) => {
    const user = dashboardUser(world);
    if (!user.refreshing && user.signedOut) return signIn(user);
    if (!user.refreshing && user.expiresAt - Date.now() < REFRESH_AHEAD_MS) return refresh(user);
    return {
      request: {
        name: `dashboard ${path}`,
        method: 'GET',
        path,
        headers: { authorization: `Bearer ${user.accessToken}`, 'x-forwarded-for': user.address },
      },
    };
  };
}

/** The share of each request in the mix (weights, summing to 100). */
export const MIX: readonly { weight: number; pick: Pick }[] = [
  // The metered public API, ~75 %: every endpoint, random currencies of the key's plan.
  {
    weight: 16,
    pick: (w) => {
      const key = anyKey(w);
      const codes = w.currencies[key.plan];
      const query = random(4) === 0 ? '' : `?base=${one(codes)}&symbols=${some(codes, 6).join(',')}`;
      return v1('v1 latest', key, `/api/v1/rates/latest${query}`);
    },
  },
  {
    weight: 13,
    pick: (w) => {
      const key = anyKey(w);
      const [from, to] = [one(w.currencies[key.plan]), one(w.currencies[key.plan])];
      return v1('v1 rate', key, `/api/v1/rates/rate?from=${from}&to=${to}`);
    },
  },
  {
    weight: 14,
    pick: (w) => {
      const key = anyKey(w);
      const [from, to] = [one(w.currencies[key.plan]), one(w.currencies[key.plan])];
      const path = random(2) ? '/api/v1/convert' : '/api/v1/rates/convert';
      return v1('v1 convert', key, `${path}?from=${from}&to=${to}&amount=${amount()}`);
    },
  },
  {
    weight: 8,
    pick: (w) => {
      const key = keyOn(w, HISTORY_PLANS);
      const symbols = random(3) === 0 ? '' : `&symbols=${some(w.historyCurrencies, 4).join(',')}`;
      return v1(
        'v1 historical',
        key,
        `/api/v1/rates/historical/${day(1 + random(HISTORY_DAYS - 8))}?base=${one(w.historyCurrencies)}${symbols}`,
      );
    },
  },
  {
    weight: 6,
    pick: (w) => {
      const { start, end } = period();
      const symbols = some(w.historyCurrencies, 10).join(',');
      return v1(
        'v1 timeseries',
        keyOn(w, SERIES_PLANS),
        `/api/v1/rates/timeseries?start=${start}&end=${end}&base=${one(w.historyCurrencies)}&symbols=${symbols}`,
      );
    },
  },
  {
    weight: 5,
    pick: (w) => {
      const { start, end } = period();
      const symbols = random(3) === 0 ? '' : `&symbols=${some(w.historyCurrencies, 5).join(',')}`;
      return v1(
        'v1 fluctuation',
        keyOn(w, SERIES_PLANS),
        `/api/v1/rates/fluctuation?start=${start}&end=${end}&base=${one(w.historyCurrencies)}${symbols}`,
      );
    },
  },
  {
    weight: 4,
    pick: (w) =>
      v1('v1 currencies', anyKey(w), `/api/v1/currencies${one(['', '?type=fiat', '?type=crypto'])}`),
  },
  { weight: 3, pick: (w) => v1('v1 usage', anyKey(w), '/api/v1/usage') },
  // Callers' mistakes, answered with the refusal the API documents: expected outcomes, not errors.
  {
    weight: 1,
    pick: (w) => {
      const { start, end } = period();
      return v1(
        'v1 timeseries on free',
        keyOn(w, ['free']),
        `/api/v1/rates/timeseries?start=${start}&end=${end}`,
        {
          status: 403,
          code: 'plan-upgrade-required',
        },
      );
    },
  },
  {
    weight: 0.5,
    pick: (w) =>
      v1('v1 unknown currency', anyKey(w), '/api/v1/rates/rate?from=USD&to=QQQ', {
        status: 400,
        code: 'unknown-currency',
      }),
  },
  {
    weight: 0.5,
    pick: () => ({
      request: {
        name: 'v1 without key',
        method: 'GET',
        path: '/api/v1/rates/latest',
        expect: { status: 401, code: 'missing-api-key' },
      },
    }),
  },
  // The landing converter with anonymous sessions, ~13 %; now and then a new visitor's session.
  {
    weight: 12.5,
    pick: (w) => {
      const [from, to] = [one(w.currencies.free), one(w.currencies.free)];
      const visitor = one(w.visitors);
      return {
        request: {
          name: 'converter',
          method: 'GET',
          path: `/api/rates/convert?from=${from}&to=${to}&amount=${amount()}`,
          headers: { 'x-session-token': visitor.sessionToken, 'x-forwarded-for': visitor.address },
        },
      };
    },
  },
  {
    weight: 0.5,
    pick: (w) => {
      const address = visitorAddress();
      return {
        request: newVisitorRequest(address),
        taken: (answer) => {
          w.visitors.push({ sessionToken: sessionTokenOf(answer), address });
          if (w.visitors.length > MAX_VISITORS) w.visitors.shift();
        },
      };
    },
  },
  // The dashboard, signed in, ~6 %: its three pages' calls, refreshing tokens as they expire.
  { weight: 2, pick: dashboard('/api/account') },
  { weight: 2, pick: dashboard('/api/keys') },
  { weight: 2, pick: dashboard('/api/usage') },
  {
    weight: 0.3,
    pick: (w) => {
      const user = w.users.find((u) => !u.refreshing && !u.signedOut);
      return user ? refresh(user) : dashboard('/api/account')(w);
    },
  },
  // Contact messages (reCAPTCHA through the siteverify stand-in, mail to the SMTP sink).
  {
    weight: 0.4,
    pick: () => ({
      request: {
        name: 'contact',
        method: 'POST',
        path: '/api/v1/contact',
        headers: { 'x-forwarded-for': visitorAddress() },
        body: {
          name: 'Soak Tester',
          email: `soak-${randomUUID()}@example.test`,
          subject: 'Volumes',
          message: `Soak message ${randomUUID()}: we would like ${amount()} calls a month.`,
          recaptchaToken: goodRecaptchaToken(),
        },
      },
    }),
  },
];

const TOTAL_WEIGHT = MIX.reduce((sum, entry) => sum + entry.weight, 0);

/** The next request of the mix, drawn by weight. */
export function nextRequest(world: SoakWorld): MixedRequest {
  let draw = Math.random() * TOTAL_WEIGHT;
  for (const entry of MIX) {
    draw -= entry.weight;
    if (draw < 0) return entry.pick(world);
  }
  return MIX[0].pick(world);
}
