import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ErrorCode, type PlanId } from '@fxrates/domain';
import type { RatesTable } from '@fxrates/rates';
import { AppException } from '../../common/app-exception';
import {
  DirectRoutes,
  type DirectAnswer,
  type DirectRequest,
  type LaterAnswer,
} from '../../common/direct-routes';
import type { HttpAnswer } from '../../common/problem-reply';
import { CurrentRates } from '../current-rates';
import { ApiKeyResolver, type ResolvedKey } from '../keys';
import { convertRoutes } from './handlers/convert.handler';
import { currenciesRoute } from './handlers/currencies.handler';
import { fluctuationRoute } from './handlers/fluctuation.handler';
import { historicalRoute } from './handlers/historical.handler';
import { timeseriesRoute } from './handlers/timeseries.handler';
import { RateHistory } from '../history';
import { latestRoute } from './handlers/latest.handler';
import { rateRoute } from './handlers/rate.handler';
import { usageRoute } from './handlers/usage.handler';
import { MeteringService } from '../metering';
import { assertEndpointInPlan } from '../plans';
import { StreamedAnswer, type PublicRoute, type RouteBody } from './public-route';
import { RepeatSightings } from './repeat-sightings';
import { memoPerTable } from './rates-json';

/** The answers to one request target (path and query) in one second, by the caller's plan. */
interface AnswersOfSecond {
  second: number;
  byPlan: Map<PlanId, RouteBody | Promise<RouteBody>>;
}

/**
 * Answers of `memoised` routes per rates table and request target, for the current second. Keyed by
 * the target as received rather than a key joined per call: a joined key is a new string to hash.
 */
const answersOf = memoPerTable<AnswersOfSecond>();
const sightings = new RepeatSightings();

/** A target's answer for this second: memoised from its second call in the second on. */
function memoisedAnswer(
  table: RatesTable,
  target: string,
  plan: PlanId,
  second: number,
  answer: () => RouteBody | Promise<RouteBody>,
): RouteBody | Promise<RouteBody> {
  if (!sightings.seenBefore(target, second)) return answer();
  const answers = answersOf(table, target, () => ({ second, byPlan: new Map() }));
  if (answers.second !== second) {
    answers.second = second;
    answers.byPlan.clear();
  }
  let body = answers.byPlan.get(plan);
  if (body === undefined) {
    body = answer();
    answers.byPlan.set(plan, body);
  }
  return body;
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
} as const;

/** A 200 answer; `headers` (the rate-limit headers, made for this call) receives the JSON ones. */
const ok = (json: RouteBody, headers: Record<string, string> = {}): HttpAnswer => {
  if (typeof json === 'string')
    return { status: 200, headers: Object.assign(headers, JSON_HEADERS), body: json };
  if (json instanceof StreamedAnswer) return json.answer(headers);
  Object.assign(headers, JSON_HEADERS);
  return { status: 200, headers, body: json.bytes, sent: json.release };
};

/**
 * The route table of /api/v1. Each route carries its schema, from which its OpenAPI operation is
 * generated (public-api.openapi.ts, common/route-openapi.ts).
 */
export function publicRoutes(history: RateHistory, metering: MeteringService): PublicRoute[] {
  return [
    latestRoute,
    rateRoute,
    ...convertRoutes,
    historicalRoute(history),
    timeseriesRoute(history),
    fluctuationRoute(history),
    currenciesRoute,
    usageRoute(metering),
  ];
}

/**
 * The public API under /api/v1, served by DirectRoutes (before Fastify when no CORS is involved;
 * see docs/performance.md). Every call: X-API-Key from the in-process cache → plan
 * gate → the handler's answer from the in-memory rates → metered in Redis (2xx only) → reply.
 */
@Injectable()
export class PublicApiRoutes implements OnModuleInit {
  readonly routes: readonly PublicRoute[];

  constructor(
    private readonly direct: DirectRoutes,
    private readonly keys: ApiKeyResolver,
    private readonly metering: MeteringService,
    private readonly rates: CurrentRates,
    history: RateHistory,
  ) {
    this.routes = publicRoutes(history, metering);
  }

  onModuleInit(): void {
    for (const route of this.routes) this.direct.get(route.path, (request) => this.answer(route, request));
  }

  /** The answer to a call, or throws (synchronously or in the answer) the error to answer with. */
  answer(route: PublicRoute, request: DirectRequest): DirectAnswer {
    const key = this.keys.resolve(request.headers['x-api-key'], request.connection);
    return key instanceof Promise
      ? key.then((resolved) => settled(this.answerFor(route, resolved, request)))
      : this.answerFor(route, key, request);
  }

  private answerFor(route: PublicRoute, key: ResolvedKey, request: DirectRequest): DirectAnswer {
    if (key.status !== 'active') {
      throw new AppException(
        ErrorCode.ApiKeyDisabled,
        'This API key has been deactivated. Create a new key in your dashboard.',
      );
    }
    if (route.endpoint) assertEndpointInPlan(key.plan, route.endpoint);
    const now = Date.now();
    const table = this.rates.current;
    // The query is parsed only here: a memoised answer never needs it.
    const handle = () =>
      route.handle({
        query: request.query,
        params: request.params,
        key,
        table,
        now,
        headers: request.headers,
      });
    const body = route.memoised
      ? memoisedAnswer(table, request.target, key.plan, Math.floor(now / 1000), handle)
      : handle();
    if (!route.metered) return body instanceof Promise ? body.then((json) => ok(json)) : ok(body);
    // Metered once the answer is known, so only a successful call is counted.
    const meter =
      (json: RouteBody): LaterAnswer =>
      (send, fail) =>
        this.metering.meterThen(
          key,
          now,
          (headers) => send(ok(json, headers)),
          (refusal) => {
            if (typeof json !== 'string') json.release(); // refused: the body is never sent
            fail(refusal);
          },
        );
    return body instanceof Promise ? body.then((json) => settled(meter(json))) : meter(body);
  }
}

/** Any answer as a promise, for an answer that is already waiting on one. */
function settled(answer: DirectAnswer): HttpAnswer | Promise<HttpAnswer> {
  return typeof answer === 'function' ? new Promise((resolve, reject) => answer(resolve, reject)) : answer;
}
