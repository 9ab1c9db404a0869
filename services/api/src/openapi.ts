import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { AppConfig } from '@fxrates/config';
import { ProblemDto } from './common/openapi';
import { REFRESH_COOKIE } from './modules/auth/refresh-cookie';
import { addPublicApi } from './modules/public-api/public-api.openapi';
import { convertPathItem } from './modules/rates/convert.openapi';
import { ConvertResponseDto } from './modules/rates/dto/convert.response';
import { pairHistoryPathItem } from './modules/rates/pair-history.openapi';

export function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const document = new DocumentBuilder()
    .setTitle(`${config.product.name} API`)
    .setDescription(
      'Real-time foreign-exchange and crypto rates. Errors are RFC 9457 application/problem+json with a stable `code`.',
    )
    .setVersion('1.0')
    .addApiKey({ type: 'apiKey', name: 'X-Session-Token', in: 'header' }, 'session')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .addCookieAuth(REFRESH_COOKIE, { type: 'apiKey', in: 'cookie', name: REFRESH_COOKIE }, 'refresh')
    .build();
  const openApi = SwaggerModule.createDocument(app, document, {
    extraModels: [ProblemDto, ConvertResponseDto],
  });
  // Routes mounted on Fastify directly for speed are documented by hand.
  for (const [path, item] of [convertPathItem(), pairHistoryPathItem()]) openApi.paths[path] = item;
  addPublicApi(openApi);
  return openApi;
}

/** Swagger UI at /api/docs and the generated document at /api/docs-json. */
export function setupOpenApi(app: INestApplication, config: AppConfig): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app, config), {
    jsonDocumentUrl: 'api/docs-json',
    yamlDocumentUrl: 'api/docs-yaml',
  });
}
