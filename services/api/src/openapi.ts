import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type OperationObject,
  type ResponseObject,
} from '@nestjs/swagger';
import type { AppConfig } from '@fxrates/config';
import { ErrorCode, REQUEST_ID_HEADER, SESSION_HEADER } from '@fxrates/domain';
import {
  problemCodesOf,
  problemResponse,
  ProblemDto,
  REQUEST_ID_HEADER_REF,
  SHARED_HEADERS,
  statusOf,
  type ProblemCode,
  documentRoutes,
  type DocumentedRoute,
} from './common/openapi';
import { REFRESH_COOKIE } from './modules/auth';
import { documentedPublicRoute, PUBLIC_API_TAG } from './modules/public-api';
import { PublicApiRoutes } from './modules/public-api';
import type { PublicRoute } from './modules/public-api';
import { CONVERT_ROUTE } from './modules/landing-converter';
import { PAIR_HISTORY_ROUTE } from './modules/landing-converter';
import { STATUS_HISTORY_ROUTE, STATUS_ROUTE, STATUS_TAG } from './modules/status';
import { FIXINGS_TAG, JWKS_ROUTE } from './modules/fixings';

const DESCRIPTION = `Real-time foreign-exchange and crypto rates.

**Authentication.** The public rates API under \`/api/v1\` takes your key in the \`X-API-Key\` header.
The web app signs in with a Bearer access token (15 minutes, from \`/api/auth/login\`), renewed with the
HttpOnly refresh cookie; the landing page's converter uses an anonymous \`${SESSION_HEADER}\`.

**Errors** are RFC 9457 \`application/problem+json\` with a stable \`code\`. Each operation lists, per status,
the codes it can answer: the \`code\` enum of that response's schema. A 500 is a bug; its \`errorId\` is in our logs.
A request refused before any route sees it gets a problem too: 408 when its headers or body arrive too slowly,
414 for a URL too long, 431 for headers too large.

**Rate limits.** Metered calls carry \`RateLimit-Policy\`, \`RateLimit\` (IETF draft) and \`X-RateLimit-*\`;
a 429 carries \`Retry-After\`. Every answer carries \`${REQUEST_ID_HEADER}\`.`;

/** Tags in the order the docs show them, each with what it holds. */
const TAGS: [string, string][] = [
  [PUBLIC_API_TAG, 'The public rates API (`/api/v1`): your `X-API-Key`, metered per your plan'],
  [STATUS_TAG, 'The health and freshness of every rates source: public, no key, not metered'],
  [FIXINGS_TAG, 'The public keys that sign FXRates fixings (JWKS): public, no key, not metered'],
  ['converter', "The landing page's converter: an anonymous session or a signed-in user"],
  ['auth', 'Accounts: sign-up, sign-in, refresh and sign-out; anonymous converter sessions'],
  ['account', "The signed-in user's profile and subscription"],
  ['keys', "The signed-in user's API keys"],
  ['alerts', "The signed-in user's rate alerts: a pair above or below a level, or a change over a window"],
  ['usage', "The signed-in user's metered calls this month, per day and key"],
  [
    'webhooks',
    "The signed-in user's outgoing webhook endpoints (signed by the Standard Webhooks convention), test events, delivery log and replays",
  ],
  ['billing', 'Plans and prices, PayPal subscriptions and their webhooks'],
  ['contact', 'Messages to support'],
  ['operations', 'Health probes for orchestrators'],
];

/**
 * Problems any route can answer, whatever it does: an unknown parameter, a URL that does not
 * decode, a path that matches no route, a bug, and what the HTTP server answers before any route
 * (a malformed request, a request line and headers over 16 KB, a request that stalls).
 */
const EVERY_ROUTE: ProblemCode[] = [
  ErrorCode.ValidationFailed,
  ErrorCode.InvalidUrl,
  ErrorCode.MalformedRequest,
  ErrorCode.NotFound,
  ErrorCode.RequestTimeout,
  ErrorCode.HeadersTooLarge,
  ErrorCode.InternalError,
];
/** Problems of any method that carries a body, before the route sees it. */
const BODY_ROUTE: ProblemCode[] = [
  ErrorCode.InvalidJson,
  ErrorCode.PayloadTooLarge,
  ErrorCode.UnsupportedMediaType,
];
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);
/** Problems of a route with a path parameter: Fastify refuses a parameter over 100 characters. */
const PATH_PARAMETER_ROUTE: ProblemCode[] = [ErrorCode.UriTooLong];

/**
 * Any route that reads PostgreSQL or Redis answers 503 `service-unavailable` while one of them is
 * unreachable (problem-reply.ts); only the health probes read neither, or answer with their own body.
 */
const DEPENDENCY_FREE_PATHS = new Set([
  '/api/health',
  '/api/health/live',
  '/api/health/ready',
  '/api/billing/plans',
]);

/** The problems an operation can answer whatever it does, by its method and path. */
function sharedProblems(method: string, path: string): ProblemCode[] {
  return [
    ...EVERY_ROUTE,
    ...(DEPENDENCY_FREE_PATHS.has(path) ? [] : [ErrorCode.ServiceUnavailable]),
    ...(BODY_METHODS.has(method) ? BODY_ROUTE : []),
    ...(path.includes('{') ? PATH_PARAMETER_ROUTE : []),
  ];
}

/**
 * Adds what every operation shares: the problems any route can answer (merged into the codes it
 * lists itself) and the request id header on every answer.
 */
function completeOperations(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item) as [string, OperationObject][]) {
      for (const code of sharedProblems(method, path)) {
        const status = String(statusOf(code));
        const documented = operation.responses[status] as ResponseObject | undefined;
        const listed = problemCodesOf(documented);
        if (documented && !listed.length) continue; // answered as something else
        const merged = problemResponse(statusOf(code), [...listed, code]);
        operation.responses[status] = { ...merged, headers: { ...documented?.headers, ...merged.headers } };
      }
      for (const response of Object.values(operation.responses) as ResponseObject[]) {
        response.headers = { [REQUEST_ID_HEADER]: REQUEST_ID_HEADER_REF, ...response.headers };
      }
    }
  }
}

/**
 * Adds the routes served outside Nest's controllers (DirectRoutes), generated from their schemas,
 * and the schemas they name.
 */
function addDirectRoutes(document: OpenAPIObject, routes: readonly DocumentedRoute[]): void {
  const { paths, schemas } = documentRoutes(routes);
  const components = (document.components ??= {});
  for (const name of Object.keys(schemas)) {
    if (components.schemas?.[name]) throw new Error(`Schema ${name} is named by a DTO and a direct route`);
  }
  components.schemas = { ...components.schemas, ...schemas };
  for (const path of Object.keys(paths)) {
    if (document.paths[path]) throw new Error(`${path} is served by a controller and a direct route`);
  }
  Object.assign(document.paths, paths);
}

/** The routes served directly: the converter's, and those of the /api/v1 table (PublicApiRoutes). */
export function directRoutes(publicTable: readonly PublicRoute[]): DocumentedRoute[] {
  return [
    CONVERT_ROUTE,
    PAIR_HISTORY_ROUTE,
    ...publicTable.map(documentedPublicRoute),
    STATUS_ROUTE,
    STATUS_HISTORY_ROUTE,
    JWKS_ROUTE,
  ];
}

/**
 * The document of `app`. `publicTable` is the /api/v1 route table; by default the one the app
 * serves. A caller that builds the app without its providers (Nest's preview mode, which needs
 * neither PostgreSQL nor Redis: cli/openapi-document.ts) passes `publicRoutes(…)` itself.
 */
export function buildOpenApiDocument(
  app: INestApplication,
  config: AppConfig,
  publicTable: readonly PublicRoute[] = app.get(PublicApiRoutes, { strict: false }).routes,
): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle(`${config.product.name} API`)
    .setDescription(DESCRIPTION)
    .setVersion('1.0.0')
    // Relative: the host that serves this document, in every deployment (clients may set their own).
    .addServer('/', 'The host serving this document')
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'X-API-Key',
        description: 'Your key from the dashboard, e.g. fxrates_0f8b…',
      },
      'apiKey',
    )
    .addApiKey(
      { type: 'apiKey', name: SESSION_HEADER, in: 'header', description: 'From POST /api/auth/session' },
      'session',
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'Access token from sign-in or refresh',
      },
      'bearer',
    )
    .addCookieAuth(
      REFRESH_COOKIE,
      {
        type: 'apiKey',
        in: 'cookie',
        name: REFRESH_COOKIE,
        description: 'HttpOnly refresh token, set at sign-in',
      },
      'refresh',
    );
  for (const [name, description] of TAGS) builder.addTag(name, description);
  const openApi = SwaggerModule.createDocument(app, builder.build(), {
    extraModels: [ProblemDto],
    // Every Nest operation names itself (ApiOperation's operationId); the method name is the fallback.
    operationIdFactory: (_controller, method) => method,
  });
  addDirectRoutes(openApi, directRoutes(publicTable));
  completeOperations(openApi);
  openApi.info.contact = { name: `${config.product.name} support`, email: config.product.supportEmail };
  // A paid service: calls are governed by the terms of service on the web app, not an open licence.
  openApi.info.license = { name: 'Proprietary' };
  openApi.components = {
    ...openApi.components,
    headers: { ...openApi.components?.headers, ...SHARED_HEADERS },
  };
  return openApi;
}

/** Swagger UI at /api/docs and the generated document at /api/docs-json. */
export function setupOpenApi(app: INestApplication, config: AppConfig): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app, config), {
    jsonDocumentUrl: 'api/docs-json',
    yamlDocumentUrl: 'api/docs-yaml',
  });
}
