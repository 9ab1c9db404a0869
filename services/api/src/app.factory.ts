import fastifyCookie from '@fastify/cookie';
import { NotFoundException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@fxrates/config';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { DestinationStream } from 'pino';
import { REQUEST_ID_HEADER } from '@fxrates/domain';
import { AppModule } from './app.module';
import { AccessLog } from './common/access-log';
import { DirectRoutes } from './common/direct-routes';
import { BODY_LIMIT_BYTES } from './common/limits';
import { createLogger, PinoNestLogger } from '@fxrates/config';
import { ProblemFilter } from './common/problem.filter';
import { sendProblem } from './common/problem-reply';
import { servedPaths } from './common/served-paths';
import { requestIdOf } from './common/request-id';
import { recordRoutes } from './common/route-registry';
import { createValidationPipe } from './common/validation.pipe';
import { setupOpenApi } from './openapi';

const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** Builds the HTTP application; main.ts listens, tests drive it through supertest. */
export async function createApp(
  config: AppConfig,
  options: { logDestination?: DestinationStream } = {},
): Promise<NestFastifyApplication> {
  const logger = createLogger(config.logLevel, 'api', options.logDestination);
  // Routes served before Fastify (DirectRoutes); known once Nest has built its providers.
  const early: { routes?: DirectRoutes } = {};
  const served = servedPaths(config);
  const adapter = new FastifyAdapter({
    serverFactory: (fastifyHandler: (request: IncomingMessage, response: ServerResponse) => void) => {
      const server = createServer((request, response) => {
        const direct = !served || served(request.url ?? '/');
        if (!(direct && early.routes?.serve(request, response))) fastifyHandler(request, response);
      });
      // What Fastify sets on a server it creates itself: idle keep-alive connections outlive a load
      // balancer's usual 60 s, so it never reuses one the API has just closed.
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      return server;
    },
    loggerInstance: logger,
    logController: new AccessLog(),
    trustProxy: config.api.trustProxy,
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new PinoNestLogger(logger.child({ component: 'nest' })),
    bufferLogs: false,
    abortOnError: false,
    rawBody: true, // PayPal webhooks are verified on the exact bytes received
  });
  early.routes = app.get(DirectRoutes);
  const fastify = app.getHttpAdapter().getInstance();
  recordRoutes(fastify);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    if (!served || served(request.url)) done();
    else sendProblem(new NotFoundException(), request, reply);
  });

  await app.register(fastifyCookie);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ProblemFilter());
  app.enableCors({
    origin: config.api.corsOrigins,
    credentials: true,
    exposedHeaders: [REQUEST_ID_HEADER, 'Retry-After'],
  });
  app.enableShutdownHooks();
  setupOpenApi(app, config);
  await app.init();
  await fastify.ready();
  return app;
}
