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
import { ApiKeyResolver, assertKeyAdmits, type ResolvedKey } from '../keys';
import { convertRoutes } from './handlers/rates/convert.handler';
import { currenciesRoute } from './handlers/currencies.handler';
import { fluctuationRoute } from './handlers/rates/fluctuation.handler';
import { ohlcRoute } from './handlers/rates/ohlc.handler';
import { IntradayBars } from '../bars';
import { averageRoute } from './handlers/rates/average.handler';
import { RateAverages } from '../averages';
import { Fixings } from '../fixings';
import { fixingRoutes } from './handlers/fixings/fixings.handler';
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
import { PUBLIC_EXPOSED_HEADERS } from '../../common/security';
import { AppException, STATUS_BY_CODE } from '../../common/errors';
import { breakdownEndpointOf, UsageBreakdownCounter, UsageBreakdownService } from '../usage';

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
  breakdowns: UsageBreakdownService,
  averages: RateAverages,
  bars: IntradayBars,
  fixings: Fixings,
): PublicRoute[] {
  return [
    latestRoute,
    rateRoute,
    ...convertRoutes,
    historicalRoute(history),
    timeseriesRoute(history, policy),
    fluctuationRoute(history),
    averageRoute(averages),
    ohlcRoute(bars),
    currenciesRoute(history),
    usageRoute(metering, breakdowns),
    streamRoute(streams),
    ...fixingRoutes(fixings),
  ];
}

/**
 * The route table without the services its handlers use: for reading what the routes declare (their
 * schemas, paths, scopes) where no API runs — the OpenAPI document without a database, the
 * deployment's checks, tests. Calling a handler of it fails.
 */
export function declaredPublicRoutes(): PublicRoute[] {
  return publicRoutes(
    {} as RateHistory,
    {} as MeteringService,
    {} as CachePolicy,
    {} as StreamHub,
    {} as UsageBreakdownService,
    {} as RateAverages,
    {} as IntradayBars,
    {} as Fixings,
  );
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
    private readonly breakdown: UsageBreakdownCounter,
    breakdowns: UsageBreakdownService,
    averages: RateAverages,
    bars: IntradayBars,
    fixings: Fixings,
  ) {
    this.policy = new CachePolicy(config.rates.providers, history);
    this.routes = publicRoutes(history, metering, this.policy, streams, breakdowns, averages, bars, fixings);
    this.closes = new ClosesAnswers(history);
  }

  onModuleInit(): void {
    for (const route of this.routes) {
      const endpoint = breakdownEndpointOf(route.path);
      this.direct.get(route.path, (request) => this.answer(route, endpoint, request));
    }
  }

  /**
   * The answer to a call, or throws (synchronously or in the answer) the error to answer with. Every
   * answer to a known key is counted in the usage breakdown (`endpoint`, its status); a call without
   * a key we know has nobody to count it for.
   */
  answer(route: PublicRoute, endpoint: string, request: DirectRequest): DirectAnswer {
    const key = this.keys.resolve(request.headers['x-api-key'], request.connection);
    return key instanceof Promise
      ? key.then((resolved) => settled(this.countedAnswer(route, endpoint, resolved, request)))
      : this.countedAnswer(route, endpoint, key, request);
  }

  /**
   * Every answer is counted where it is made (once per answer, `Counted.status`); a refusal where it
   * is decided or, thrown, here. A refusal counted already (metering's) is remembered as such, so
   * the promise it then rejects is not counted twice. No closure is made for this on the way of a
   * call that succeeds without a promise (the metered hot path).
   */
  private countedAnswer(
    route: PublicRoute,
    endpoint: string,
    key: ResolvedKey,
    request: DirectRequest,
  ): DirectAnswer {
    const now = this.clock.now();
    const counted: Counted = { key, endpoint, now };
    let answer: DirectAnswer;
    try {
      answer = this.answerFor(route, key, request, counted);
    } catch (error) {
      this.countFailure(counted, error);
      throw error;
    }
    if (!(answer instanceof Promise)) return answer;
    return answer.catch((error: unknown) => {
      this.countFailure(counted, error);
      throw error;
    });
  }

  private countAnswer({ key, endpoint, now }: Counted, status: number): void {
    this.breakdown.count(key.userId, key.keyId, endpoint, status, now);
  }

  private countFailure(counted: Counted, error: unknown): void {
    if (!(error instanceof Object && countedRefusals.has(error)))
      this.countAnswer(counted, statusOfFailure(error));
  }

  /** A refusal metering decided: counted now, and not again as it travels out. */
  private countRefusal(counted: Counted, refusal: unknown): void {
    this.countAnswer(counted, statusOfFailure(refusal));
    if (refusal instanceof Object) countedRefusals.add(refusal);
  }

  private answerFor(
    route: PublicRoute,
    key: ResolvedKey,
    request: DirectRequest,
    counted: Counted,
  ): DirectAnswer {
    const { now } = counted;
    assertKeyAdmits(key, route.scope, now, request);
    if (route.endpoint) assertEndpointInPlan(key.plan, route.endpoint);
    if (key.kind !== 'secret') return this.answerForKeyOfKind(route, key, request, counted);
    const table = this.rates.current;
    // The query is parsed only in here: a memoised or cached answer never needs it.
    const context = () => contextOf(request, key, table, now);
    const found = route.memoised
      ? memoisedAnswer(table, request.target, key.plan, Math.floor(now / 1000), (kept) =>
          this.represent(route, context(), kept),
        )
      : route.caching.made === 'closes' && !route.exports?.(request.query, request.headers)
        ? this.closes.get(key.plan, request.target, now, (kept) => this.represent(route, context(), kept))
        : this.represent(route, context(), false);
    const answer = (body: Answerable, headers?: Record<string, string>) => {
      const answered =
        body instanceof StreamedAnswer ? body.answer(headers ?? {}) : body.answer(request.headers, headers);
      this.countAnswer(counted, answered.status);
      return answered;
    };
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
            this.countRefusal(counted, refusal);
            fail(refusal);
          },
        );
    return found instanceof Promise ? found.then((body) => settled(meter(body))) : meter(found);
  }

  /**
   * A publishable or test key's call: never from the per-second memo or the closes cache (their
   * answers carry what a secret key's do not), answered with CORS for a publishable key's origin,
   * and for a test key from the bundled snapshot, marked `"environment":"test"`, held to its burst
   * only. Off the secret keys' hot path, so it may cost a promise.
   */
  private answerForKeyOfKind(
    route: PublicRoute,
    key: ResolvedKey,
    request: DirectRequest,
    counted: Counted,
  ): DirectAnswer {
    const { now } = counted;
    const test = key.kind === 'test';
    const context = contextOf(request, key, test ? this.rates.bundled : this.rates.current, now);
    const ownHeaders: Record<string, string> = test
      ? { [ENVIRONMENT_HEADER]: 'test' }
      : publishableCorsHeaders(request.headers.origin ?? '');
    const found = this.represent(route, context, false, test);
    const answer = (body: Answerable, headers: Record<string, string> = {}) => {
      const answered =
        body instanceof StreamedAnswer ? body.answer(headers) : body.answer(request.headers, headers);
      Object.assign(answered.headers, ownHeaders);
      if (!test)
        answered.headers.vary = answered.headers.vary ? `${answered.headers.vary}, Origin` : 'Origin';
      this.countAnswer(counted, answered.status);
      return answered;
    };
    if (!route.metered) return found instanceof Promise ? found.then((body) => answer(body)) : answer(found);
    const meter =
      (body: Answerable): LaterAnswer =>
      (send, fail) => {
        const refused = (refusal: unknown) => {
          if (body instanceof Representation) body.discard();
          else body.release();
          this.countRefusal(counted, refusal);
          fail(refusal);
        };
        const admitted = (headers: Record<string, string>) => send(answer(body, headers));
        if (test) this.metering.admitTestCall(key, now, admitted, refused);
        else this.metering.meterThen(key, now, admitted, refused);
      };
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
    test = false,
  ): Answerable | Promise<Answerable> {
    const handled = route.handle(context);
    const made = test
      ? handled instanceof Promise
        ? handled.then(markedAsTest)
        : markedAsTest(handled)
      : handled;
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

/** What a route's handler is given of a call. Its query is parsed only when read. */
function contextOf(
  request: DirectRequest,
  key: ResolvedKey,
  table: RatesTable,
  now: number,
): PublicRouteContext {
  return {
    query: request.query,
    params: request.params,
    key,
    table,
    now,
    headers: request.headers,
    target: request.target,
    id: request.id,
  };
}

/** The status a failure is answered with (problem-reply.ts): a problem's own, else 500. */
const statusOfFailure = (error: unknown): number =>
  error instanceof AppException ? STATUS_BY_CODE[error.code] : 500;

/** What one call's answer is counted under in the usage breakdown. */
interface Counted {
  key: ResolvedKey;
  endpoint: string;
  now: number;
}

/** Refusals counted where metering decided them: not to be counted again as they travel out. */
const countedRefusals = new WeakSet<object>();

/** Says which environment answered: only a test key's answers carry it. */
const ENVIRONMENT_HEADER = 'FXRates-Environment';

/** A JSON object's body with `"environment":"test"` first; a streamed export says it in its header. */
function markedAsTest(body: RouteBody): RouteBody {
  if (body instanceof StreamedAnswer) return body;
  let text: string;
  if (typeof body === 'string') text = body;
  else {
    text = body.bytes.toString('latin1');
    body.release();
  }
  return text.startsWith('{') ? `{"environment":"test",${text.slice(1)}` : text;
}

/**
 * CORS for a publishable key's call from one of its origins (checked before): that origin only,
 * never credentials, and the rate-limit headers readable by the page's script.
 */
function publishableCorsHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-expose-headers': PUBLIC_EXPOSED_HEADERS,
  };
}

/** Any answer as a promise, for an answer that is already waiting on one. */
function settled(answer: DirectAnswer): HttpAnswer | Promise<HttpAnswer> {
  return typeof answer === 'function' ? new Promise((resolve, reject) => answer(resolve, reject)) : answer;
}
