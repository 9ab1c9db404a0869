import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { getOptionsToken, type ThrottlerModuleOptions } from '@nestjs/throttler';
import type { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { loadConfig } from '@fxrates/config';
import { AppModule } from './app.module';
import { declaredPublicRoutes } from './modules/public-api';
import { buildOpenApiDocument } from './openapi';

/**
 * The OpenAPI document the API serves at /api/docs-json, built without PostgreSQL or Redis: Nest's
 * preview mode reads the controllers' metadata but instantiates no provider, so nothing connects.
 * Used by `npm run sdk:generate` (cli/openapi-document.ts); test/sdk-generated.e2e-spec.ts proves it
 * equals the served document.
 */
export async function previewOpenApiDocument(): Promise<OpenAPIObject> {
  // Addresses nothing listens on: the document depends on neither database, and nothing connects.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'postgres://openapi@127.0.0.1:9/openapi',
    REDIS_URL: 'redis://127.0.0.1:9/0',
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config),
    new FastifyAdapter(),
    {
      preview: true,
      logger: false,
      abortOnError: false,
    },
  );
  app.setGlobalPrefix('api');
  // The route table's handlers are never called while documenting it.
  const table = declaredPublicRoutes();
  try {
    return buildOpenApiDocument(app, config, table);
  } finally {
    // The throttler's Redis client is made with the module, not by a provider, so preview mode
    // made it too; it retries an address nothing listens on until it is told to stop.
    const throttler = app.get<ThrottlerModuleOptions>(getOptionsToken(), { strict: false });
    if (!Array.isArray(throttler))
      (throttler.storage as ThrottlerStorageRedisService | undefined)?.onModuleDestroy();
    await app.close();
  }
}
