import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ErrorCode } from '@fxrates/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppException } from '../../common/app-exception';
import { sendProblem } from '../../common/problem-reply';
import type { Query } from '../rates/query-params';
import { CurrentRates } from '../rates/current-rates';
import { ApiKeyResolver, type ResolvedKey } from './api-key-resolver';
import { convertRoutes } from './handlers/convert.handler';
import { currenciesRoute } from './handlers/currencies.handler';
import { latestRoute } from './handlers/latest.handler';
import { rateRoute } from './handlers/rate.handler';
import { usageRoute } from './handlers/usage.handler';
import { MeteringService } from './metering.service';
import { assertEndpointInPlan } from './plan-gate';
import type { PublicRoute } from './public-route';

/**
 * The public API under /api/v1, mounted on Fastify directly like the landing converter (see
 * README, Performance). Every call: X-API-Key from the in-process cache → plan gate → the
 * handler's answer from the in-memory rates → one Redis script meters it (2xx only) → reply.
 */
@Injectable()
export class PublicApiRoutes implements OnModuleInit {
  readonly routes: readonly PublicRoute[];

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly keys: ApiKeyResolver,
    private readonly metering: MeteringService,
    private readonly rates: CurrentRates,
  ) {
    this.routes = [latestRoute, rateRoute, ...convertRoutes, currenciesRoute, usageRoute(metering)];
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    for (const route of this.routes) {
      fastify.get(route.path, (request, reply) => this.serve(route, request, reply));
    }
  }

  private serve(route: PublicRoute, request: FastifyRequest, reply: FastifyReply): void {
    try {
      const key = this.keys.resolve(request.headers['x-api-key']);
      if (key instanceof Promise) {
        key.then(
          (resolved) => this.answer(route, resolved, request, reply),
          (error: unknown) => sendProblem(error, request, reply),
        );
        return;
      }
      this.answer(route, key, request, reply);
    } catch (error) {
      sendProblem(error, request, reply);
    }
  }

  private answer(route: PublicRoute, key: ResolvedKey, request: FastifyRequest, reply: FastifyReply): void {
    try {
      if (key.status !== 'active') {
        throw new AppException(
          ErrorCode.ApiKeyDisabled,
          'This API key has been deactivated. Create a new key in your dashboard.',
        );
      }
      if (route.endpoint) assertEndpointInPlan(key.plan, route.endpoint);
      const now = Date.now();
      const body = route.handle({ query: request.query as Query, key, table: this.rates.current, now });
      const counted = route.metered ? this.metering.meter(key, now) : undefined;
      Promise.all([body, counted]).then(
        ([json, headers]) => {
          if (headers) void reply.headers(headers);
          void reply
            .header('content-type', 'application/json; charset=utf-8')
            .header('cache-control', 'no-store');
          void reply.send(json);
        },
        (error: unknown) => sendProblem(error, request, reply),
      );
    } catch (error) {
      sendProblem(error, request, reply);
    }
  }
}
