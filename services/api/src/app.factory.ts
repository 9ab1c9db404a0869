import fastifyCookie from '@fastify/cookie';
import { NotFoundException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@fxrates/config';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DestinationStream } from 'pino';
import { REQUEST_ID_HEADER } from '@fxrates/domain';
import { AppModule } from './app.module';
import { Clock, SystemClock } from './common/time';
import {
  AccessLog,
  DirectRoutes,
  frameworkErrorHandler,
  clientErrorHandler,
  createHttpServer,
  HTTP_TIMEOUTS,
  type HttpTimeouts,
  ProblemFilter,
  sendProblem,
  servedPaths,
  servedRoutes,
  requestIdOf,
} from './common/http';
import { corsOptions, preflightRefusal, publicApiPreflight, securityHeadersFor } from './common/security';
import {
  registerJsonBodyParser,
  BODY_LIMIT_BYTES,
  PATH_PARAM_MAX_LENGTH,
  createValidationPipe,
} from './common/input';
import { createLogger, PinoNestLogger } from '@fxrates/config';
import { STATUS_HISTORY_ROUTE, STATUS_ROUTE } from './modules/status';
import { recordRoutes } from './common/openapi';
import { ShutdownState } from './common/resilience';
import { PublicApiRoutes } from './modules/public-api';
import { PUBLIC_API_PREFIX } from './modules/public-api';
import { setupOpenApi } from './openapi';

export interface AppOptions {
  logDestination?: DestinationStream;
  /** Overrides of HTTP_TIMEOUTS, for tests that stall a request. */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** The time the metered path reads: the system's unless a test moves its own (common/time). */
  clock?: Clock;
}

/** Builds the HTTP application; main.ts listens, tests drive it through supertest. */
export async function createApp(
  config: AppConfig,
  options: AppOptions = {},
): Promise<NestFastifyApplication> {
  const logger = createLogger(config.logLevel, 'api', options.logDestination, { format: config.logFormat });
  const timeouts = { ...HTTP_TIMEOUTS, ...options.httpTimeouts };
  const { trustProxy, corsOrigins } = config.api;
  // Routes served before Fastify (DirectRoutes) and the shutdown state; known once Nest has built its providers.
  const early: { routes?: DirectRoutes; shutdown?: ShutdownState } = {};
  const served = servedPaths(config, PUBLIC_API_PREFIX);
  const adapter = new FastifyAdapter({
    serverFactory: (fastifyHandler: (request: IncomingMessage, response: ServerResponse) => void) =>
      createHttpServer((request, response) => {
        // From SIGTERM on, each answer ends its connection: the client's next request opens a new
        // one, which reaches another instance (Fastify does the same for its routes once closing).
        if (early.shutdown?.draining) response.setHeader('connection', 'close');
        const direct = !served || served(request.url ?? '/');
        if (!(direct && early.routes?.serve(request, response))) fastifyHandler(request, response);
      }, timeouts),
    clientErrorHandler: clientErrorHandler(timeouts, logger),
    frameworkErrors: frameworkErrorHandler(trustProxy),
    loggerInstance: logger,
    logController: new AccessLog(),
    trustProxy,
    // A rolling deploy (SIGTERM): idle keep-alive connections are closed at once, so the server
    // stops promptly; a request already on a connection is answered as usual, not with Fastify's bare
    // 503, since the instance can still serve it. See docs/operating.md.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: PATH_PARAM_MAX_LENGTH },
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, options.clock ?? new SystemClock()),
    adapter,
    {
      logger: new PinoNestLogger(logger.child({ component: 'nest' })),
      bufferLogs: false,
      abortOnError: false,
      bodyParser: false, // registerJsonBodyParser: JSON only, with the raw bytes kept
    },
  );
  early.routes = app.get(DirectRoutes);
  early.shutdown = app.get(ShutdownState);
  const serves = servedRoutes(config, [
    ...app.get(PublicApiRoutes).routes.map((route) => route.path),
    STATUS_ROUTE.path,
    STATUS_HISTORY_ROUTE.path,
  ]);
  const fastify = app.getHttpAdapter().getInstance();
  // Closing: a request in hand finishes on a connection Fastify did not close (it closed the idle
  // ones only), which would hold the server, and the process, open for the keep-alive timeout.
  fastify.addHook('preClose', (done) => {
    fastify.server.keepAliveTimeout = 1;
    done();
  });
  registerJsonBodyParser(fastify);
  recordRoutes(fastify);
  // The adapter's own first hook, before the CORS hook: a preflight CORS grants carries the security
  // headers too, and one CORS must not grant never reaches it.
  adapter.setOnRequestHook((request, reply, done) => {
    void reply.headers(securityHeadersFor(request.raw, trustProxy)).header(REQUEST_ID_HEADER, request.id);
    // On the route the router matched, not the raw URL: every spelling of one path is one route.
    if (serves && !serves(request.method, request.routeOptions.url))
      return sendProblem(new NotFoundException(), request, reply);
    if (request.method === 'OPTIONS' && request.url.startsWith(`${PUBLIC_API_PREFIX}/`)) {
      const origin = request.headers.origin;
      const grant = origin && !corsOrigins.includes(origin) ? publicApiPreflight(request.headers) : undefined;
      if (grant) return void reply.code(204).headers(grant).send();
    }
    const refusal = request.method === 'OPTIONS' ? preflightRefusal(request.headers, corsOrigins) : undefined;
    if (refusal) return sendProblem(refusal, request, reply);
    done();
  });

  await app.register(fastifyCookie);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ProblemFilter());
  app.enableCors(corsOptions(corsOrigins));
  setupOpenApi(app, config);
  await app.init();
  await fastify.ready();
  return app;
}
