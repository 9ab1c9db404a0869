import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ErrorCode } from '@fxrates/domain';
import { AppException } from '../../common/app-exception';
import { DirectRoutes } from '../../common/direct-routes';
import type { HttpAnswer } from '../../common/problem-reply';
import type { Query } from '../rates/query-params';
import { CurrentRates } from '../rates/current-rates';
import { ApiKeyResolver, type ResolvedKey } from './api-key-resolver';
import { convertRoutes } from './handlers/convert.handler';
import { currenciesRoute } from './handlers/currencies.handler';
import { fluctuationRoute } from './handlers/fluctuation.handler';
import { historicalRoute } from './handlers/historical.handler';
import { timeseriesRoute } from './handlers/timeseries.handler';
import { RateHistory } from './history/rate-history';
import { latestRoute } from './handlers/latest.handler';
import { rateRoute } from './handlers/rate.handler';
import { usageRoute } from './handlers/usage.handler';
import { MeteringService } from './metering.service';
import { assertEndpointInPlan } from './plan-gate';
import type { JsonBody, PublicRoute } from './public-route';
import { memoPerTable } from './rates-json';

/** Answers of `memoised` routes per rates table, by path, query string, plan and second. */
const answerOf = memoPerTable<JsonBody | Promise<JsonBody>>();

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
} as const;

/** A 200 answer; `headers` (the rate-limit headers, made for this call) receives the JSON ones. */
const ok = (json: JsonBody, headers: Record<string, string> = {}): HttpAnswer => {
  Object.assign(headers, JSON_HEADERS);
  return typeof json === 'string'
    ? { status: 200, headers, body: json }
    : { status: 200, headers, body: json.bytes, sent: json.release };
};

/**
 * The public API under /api/v1, served by DirectRoutes (before Fastify when no CORS is involved;
 * see README, Performance). Every call: X-API-Key from the in-process cache → plan
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
    this.routes = [
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

  onModuleInit(): void {
    for (const route of this.routes) {
      this.direct.get(route.path, (request) =>
        this.answer(route, request.headers['x-api-key'], request.query, request.search, request.params),
      );
    }
  }

  /** The answer to a call, or throws (synchronously or in the promise) the error to answer with. */
  answer(
    route: PublicRoute,
    rawKey: string | string[] | undefined,
    query: Query,
    search: string,
    params: Record<string, string> = {},
  ): HttpAnswer | Promise<HttpAnswer> {
    const key = this.keys.resolve(rawKey);
    return key instanceof Promise
      ? key.then((resolved) => this.answerFor(route, resolved, query, search, params))
      : this.answerFor(route, key, query, search, params);
  }

  private answerFor(
    route: PublicRoute,
    key: ResolvedKey,
    query: Query,
    search: string,
    params: Record<string, string>,
  ): HttpAnswer | Promise<HttpAnswer> {
    if (key.status !== 'active') {
      throw new AppException(
        ErrorCode.ApiKeyDisabled,
        'This API key has been deactivated. Create a new key in your dashboard.',
      );
    }
    if (route.endpoint) assertEndpointInPlan(key.plan, route.endpoint);
    const now = Date.now();
    const context = { query, params, key, table: this.rates.current, now };
    const body = route.memoised
      ? answerOf(context.table, `${route.path}?${search}|${key.plan}|${Math.floor(now / 1000)}`, () =>
          route.handle(context),
        )
      : route.handle(context);
    if (!route.metered) return body instanceof Promise ? body.then((json) => ok(json)) : ok(body);
    // Metered once the answer is known, so only a successful call is counted.
    const meter = (json: JsonBody) =>
      new Promise<HttpAnswer>((resolve, reject) =>
        this.metering.meterThen(
          key,
          now,
          (headers) => resolve(ok(json, headers)),
          (refusal) => {
            if (typeof json !== 'string') json.release(); // refused: the body is never sent
            reject(refusal);
          },
        ),
      );
    return body instanceof Promise ? body.then(meter) : meter(body);
  }
}
