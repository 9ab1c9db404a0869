import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import type { PlanId } from '@fxrates/domain';
import type { RatesTable } from '@fxrates/rates';
import {
  DirectRoutes,
  type DirectAnswer,
  type DirectRequest,
  type LaterAnswer,
  type HttpAnswer,
} from '../../common/http';
import { Clock } from '../../common/time';
import { CurrentRates } from '../current-rates';
import { ApiKeyResolver, keyDisabled, type ResolvedKey } from '../keys';
import { convertRoutes } from './handlers/rates/convert.handler';
import { currenciesRoute } from './handlers/currencies.handler';
import { fluctuationRoute } from './handlers/rates/fluctuation.handler';
import { historicalRoute } from './handlers/rates/historical.handler';
import { timeseriesRoute } from './handlers/rates/timeseries.handler';
import { RateHistory } from '../history';
import { latestRoute } from './handlers/rates/latest.handler';
import { rateRoute } from './handlers/rates/rate.handler';
import { usageRoute } from './handlers/usage.handler';
import { MeteringService } from '../metering';
import { assertEndpointInPlan } from '../plans';
import { CachePolicy } from './cache-policy';
import { ClosesAnswers } from './closes-answers';
import { StreamedAnswer, type PublicRoute, type PublicRouteContext, type RouteBody } from './public-route';
import { Representation, type Answerable } from './representation';
import { RepeatSightings } from './repeat-sightings';
import { memoPerTable } from './rates-json';
import { streamRoute } from './handlers/stream.handler';
import { StreamHub } from '../streams';

/** The answers to one request target (path and query) in one second, by the caller's plan. */
interface AnswersOfSecond {
  second: number;
  byPlan: Map<PlanId, Answerable | Promise<Answerable>>;
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
  answer: (kept: boolean) => Answerable | Promise<Answerable>,
): Answerable | Promise<Answerable> {
  if (!sightings.seenBefore(target, second)) return answer(false);
  const answers = answersOf(table, target, () => ({ second, byPlan: new Map() }));
  if (answers.second !== second) {
    answers.second = second;
    answers.byPlan.clear();
  }
  let body = answers.byPlan.get(plan);
  if (body === undefined) {
    body = answer(true);
    answers.byPlan.set(plan, body);
  }
  return body;
}

/**
 * The route table of /api/v1. Each route carries its schema, from which its OpenAPI operation is
 * generated (public-api.openapi.ts, common/openapi/route-openapi.ts).
 */
export function publicRoutes(
  history: RateHistory,
  metering: MeteringService,
  policy: CachePolicy,
  streams: StreamHub,
): PublicRoute[] {
  return [
    latestRoute,
    rateRoute,
    ...convertRoutes,
    historicalRoute(history),
    timeseriesRoute(history, policy),
    fluctuationRoute(history),
    currenciesRoute(history),
    usageRoute(metering),
    streamRoute(streams),
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
  private readonly policy: CachePolicy;
  private readonly closes: ClosesAnswers;

  constructor(
    private readonly direct: DirectRoutes,
    private readonly keys: ApiKeyResolver,
    private readonly metering: MeteringService,
    private readonly rates: CurrentRates,
    history: RateHistory,
    streams: StreamHub,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.policy = new CachePolicy(config.rates.providers, history);
    this.routes = publicRoutes(history, metering, this.policy, streams);
    this.closes = new ClosesAnswers(history);
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
    if (key.status !== 'active') throw keyDisabled();
    if (route.endpoint) assertEndpointInPlan(key.plan, route.endpoint);
    const now = this.clock.now();
    const table = this.rates.current;
    // The query is parsed only in here: a memoised or cached answer never needs it.
    const context = (): PublicRouteContext => ({
      query: request.query,
      params: request.params,
      key,
      table,
      now,
      headers: request.headers,
      target: request.target,
      id: request.id,
    });
    const found = route.memoised
      ? memoisedAnswer(table, request.target, key.plan, Math.floor(now / 1000), (kept) =>
          this.represent(route, context(), kept),
        )
      : route.caching.made === 'closes' && !route.exports?.(request.query, request.headers)
        ? this.closes.get(key.plan, request.target, now, (kept) => this.represent(route, context(), kept))
        : this.represent(route, context(), false);
    const answer = (body: Answerable, headers?: Record<string, string>) =>
      body instanceof StreamedAnswer ? body.answer(headers ?? {}) : body.answer(request.headers, headers);
    if (!route.metered) return found instanceof Promise ? found.then((body) => answer(body)) : answer(found);
    // Metered once the answer is known, so only a successful call is counted; a 304 is such a call.
    const meter =
      (body: Answerable): LaterAnswer =>
      (send, fail) =>
        this.metering.meterThen(
          key,
          now,
          (headers) => send(answer(body, headers)),
          (refusal) => {
            // Refused: a pooled body goes back unsent, a stream's slot is freed.
            if (body instanceof Representation) body.discard();
            else body.release();
            fail(refusal);
          },
        );
    return found instanceof Promise ? found.then((body) => settled(meter(body))) : meter(found);
  }

  /**
   * The handler's body with its Cache-Control (cache-policy.ts), ETag and compressed forms to come;
   * a streamed export as it is (it carries its own).
   */
  private represent(
    route: PublicRoute,
    context: PublicRouteContext,
    kept: boolean,
  ): Answerable | Promise<Answerable> {
    const made = route.handle(context);
    const { caching, vary } = route;
    const representation = (body: RouteBody, cacheControl: string): Answerable =>
      body instanceof StreamedAnswer ? body : Representation.of(body, cacheControl, vary, kept);
    if (caching.made === 'closes') {
      // Without a promise of its own when the handler's body and the history's range are at hand.
      const withCacheControl = (body: RouteBody): Answerable | Promise<Answerable> => {
        if (body instanceof StreamedAnswer) return body;
        const cacheControl = this.policy.closes(caching.lastDay(context), context.now);
        if (typeof cacheControl === 'string') return representation(body, cacheControl);
        return cacheControl.then(
          (known) => representation(body, known),
          (error: unknown) => {
            if (typeof body !== 'string') body.release();
            throw error;
          },
        );
      };
      return made instanceof Promise ? made.then(withCacheControl) : withCacheControl(made);
    }
    const cacheControl =
      caching.made === 'current-rates' ? this.policy.current(context.table) : caching.cacheControl;
    return made instanceof Promise
      ? made.then((body) => representation(body, cacheControl))
      : representation(made, cacheControl);
  }
}

/** Any answer as a promise, for an answer that is already waiting on one. */
function settled(answer: DirectAnswer): HttpAnswer | Promise<HttpAnswer> {
  return typeof answer === 'function' ? new Promise((resolve, reject) => answer(resolve, reject)) : answer;
}
