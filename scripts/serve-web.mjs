#!/usr/bin/env node
// Serves the built frontends, one origin per app, for `npm start` and the browser tests (production
// serves them with nginx: deploy/nginx). Fastify with its static-file, compression, CORS and proxy
// plugins does the work; this file says what each origin serves.
//
//   shell      WEB_PORT (3000)        SPA fallback, /config.json from env, /api/* proxied to API_URL
//   marketing  MARKETING_PORT (3001)  CORS open: the shell loads remotes cross-origin
//   dashboard  DASHBOARD_PORT (3002)
//   billing    BILLING_PORT (3003)
//
// Each remote's build is served at / and, as in production, under /remotes/<name>/<version>/
// (the version its release.json names); with WEB_RELEASES_DIR, every other release in
// <WEB_RELEASES_DIR>/<name>/<version>/ too (scripts/build-frontends.mjs --release-dir writes them).
// With WEB_CONFIG_FILE, /config.json is that file (over the defaults below), read at every request:
// pointing a remote at another version is an edit of the file, no restart (a ConfigMap in k8s).
//
// The shell's pages and assets carry the nginx image's Content-Security-Policy (scripts/page-csp.cjs
// reads it from deploy/nginx/templates/fxrates.conf.template), its CSP_EXTRA_SOURCES being the
// origins /config.json names (the remotes', the API's if elsewhere, the PayPal SDK's) plus
// CSP_EXTRA_SOURCES from the environment: the product runs here under the policy it runs under in
// production.
//
// Env: WEB_HOST (0.0.0.0), API_URL (http://127.0.0.1:4000), PUBLIC_MARKETING_URL,
// PUBLIC_DASHBOARD_URL, PUBLIC_BILLING_URL (default http://localhost:<port>/mf-manifest.json),
// PRODUCT_NAME, SUPPORT_EMAIL, API_KEY_PREFIX, PUBLIC_API_BASE_URL (/api), CSP_EXTRA_SOURCES.
//
// Also importable: `const stop = await startWebServers(options)`; `stop.urls` holds the
// addresses and `await stop()` closes every server.
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyHttpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const { portsFromEnv, runtimeConfigFromEnv } = require('../frontends/runtime-config.cjs');
const { NGINX_TEMPLATE, configOrigins, fillExtraSources, serverCsp } = require('./page-csp.cjs');

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['shell', 'marketing', 'dashboard', 'billing'];

/** Webpack names async chunks `<name>.<8 hex>.js`: their content never changes under that name. */
const HASHED_ASSET = /\.[0-9a-f]{8}\.[a-z0-9]+(\.map|\.LICENSE\.txt)?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** What is worth gzipping: text, scripts, JSON, SVG (not images or fonts, compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json)|image\/svg\+xml)/;
const PROXY_TIMEOUT_MS = 60_000;

function sendProblem(reply, status, title, code, message) {
  const body = JSON.stringify({ type: 'about:blank', title, status, detail: message, code, message });
  return reply.code(status).header('Cache-Control', 'no-store').type('application/problem+json').send(body);
}

/** The API's one path outside /api: the public keys of FXRates fixings (as nginx and the Ingress route it). */
const JWKS_PATH = '/.well-known/jwks.json';

/** /api, /api/* and the JWKS go to the API, streamed both ways (Set-Cookie included), never retried. */
async function apiProxy(app, apiUrl) {
  for (const prefix of ['/api', JWKS_PATH]) await proxyTo(app, apiUrl, prefix);
}

async function proxyTo(app, apiUrl, prefix) {
  const target = new URL(apiUrl);
  const basePath = target.pathname.replace(/\/+$/, '');
  await app.register(fastifyHttpProxy, {
    upstream: target.origin,
    prefix,
    rewritePrefix: `${basePath}${prefix}`,
    undici: { headersTimeout: PROXY_TIMEOUT_MS, bodyTimeout: PROXY_TIMEOUT_MS },
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => ({
        ...headers,
        'x-forwarded-for': [request.headers['x-forwarded-for'], request.socket.remoteAddress ?? '']
          .filter(Boolean)
          .join(', '),
        'x-forwarded-host': request.headers.host ?? '',
        'x-forwarded-proto': request.protocol,
      }),
      // reply-from retries a GET answered 503 by default: the API's 503 is an answer to pass on.
      retryDelay: () => null,
      onError: (reply, { error }) => {
        const timedOut = error.statusCode === 504;
        sendProblem(
          reply,
          timedOut ? 504 : 502,
          timedOut ? 'Gateway Timeout' : 'Bad Gateway',
          'api-unavailable',
          'The service is temporarily unavailable. Please try again later.',
        );
      },
    },
  });
}

/** The version a build was published as (its release.json), or null for a build without one. */
function releaseVersion(distDir) {
  try {
    const { version } = JSON.parse(fs.readFileSync(path.join(distDir, 'release.json'), 'utf8'));
    return typeof version === 'string' && /^[\w.+-]+$/.test(version) ? version : null;
  } catch {
    return null;
  }
}

/** Types the static-file plugin does not know: the SDK's tarball (/downloads, scripts/build-downloads.mjs). */
const EXTRA_TYPES = { '.tgz': 'application/gzip' };

function cacheHeaders(reply, filePath) {
  reply.header('Cache-Control', HASHED_ASSET.test(path.basename(filePath)) ? IMMUTABLE : REVALIDATE);
  const type = EXTRA_TYPES[path.extname(filePath)];
  if (type) reply.header('Content-Type', type);
}

/** The built files of one app: cached by name, gzipped, and (shell) client-side routes as index.html. */
async function builtFiles(app, { name, distDir, isShell, runtimeConfig, releasesDir }) {
  await app.register(fastifyCompress, {
    encodings: ['gzip'],
    zlibOptions: { level: 6 },
    threshold: 1024,
    customTypes: COMPRESSIBLE,
  });
  // The shell loads the remotes' manifests and chunks from their own origins.
  if (!isShell) {
    await app.register(fastifyCors, {
      origin: '*',
      methods: ['GET', 'HEAD', 'OPTIONS'],
      allowedHeaders: '*',
      maxAge: 86400,
      strictPreflight: false,
    });
  }
  if (isShell) {
    app.get('/config.json', (_request, reply) =>
      reply
        .header('Cache-Control', REVALIDATE)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(runtimeConfig(), null, 2)),
    );
  }
  await app.register(fastifyStatic, {
    root: distDir,
    cacheControl: false,
    // @fastify/static hands over the reply here (send's `res` would be the raw response).
    setHeaders: cacheHeaders,
  });
  if (!isShell) {
    const version = releaseVersion(distDir);
    if (version) {
      await app.register(fastifyStatic, {
        root: distDir,
        prefix: `/remotes/${name}/${version}/`,
        decorateReply: false,
        cacheControl: false,
        setHeaders: cacheHeaders,
      });
    }
    const releases = releasesDir && path.join(releasesDir, name);
    if (releases) {
      fs.mkdirSync(releases, { recursive: true });
      await app.register(fastifyStatic, {
        root: releases,
        prefix: `/remotes/${name}/`,
        decorateReply: false,
        cacheControl: false,
        setHeaders: cacheHeaders,
      });
    }
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      reply.header('Allow', 'GET, HEAD');
      return sendProblem(
        reply,
        405,
        'Method Not Allowed',
        'method-not-allowed',
        'Only GET and HEAD are served here.',
      );
    }
    const { pathname } = new URL(request.url, 'http://placeholder');
    // Client-side routes (no file extension) of the shell render index.html.
    if (isShell && path.posix.extname(pathname) === '') return reply.sendFile('index.html');
    return sendProblem(reply, 404, 'Not Found', 'not-found', `${pathname} was not found.`);
  });
}

/** The nginx image's page policy, `${CSP_EXTRA_SOURCES}` still in it. */
const PAGE_CSP = serverCsp(fs.readFileSync(NGINX_TEMPLATE, 'utf8'));

/** That policy with the origins the current /config.json names, and CSP_EXTRA_SOURCES. */
function shellCsp(runtimeConfig, env) {
  const extraSources = [configOrigins(runtimeConfig()), env.CSP_EXTRA_SOURCES ?? '']
    .map((sources) => sources.trim())
    .filter(Boolean)
    .join(' ');
  return fillExtraSources(PAGE_CSP, extraSources);
}

const isApiPath = (url) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.split('?')[0] === JWKS_PATH;

async function createAppServer({ name, distDir, isShell, runtimeConfig, apiUrl, releasesDir, env }) {
  const app = Fastify({
    logger: false,
    keepAliveTimeout: 5000,
    // A URL that does not decode names no file: a problem like every other refusal here.
    frameworkErrors: (error, _request, reply) =>
      sendProblem(reply, 400, 'Bad Request', 'malformed-request', error.message),
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  });
  // As nginx: on the shell's pages and files, not on the API's answers (which carry their own).
  if (isShell) {
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiPath(request.url)) reply.header('Content-Security-Policy', shellCsp(runtimeConfig, env));
    });
  }
  app.setErrorHandler((error, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status === 500) console.error(`[serve-web] ${error.stack ?? error.message}`);
    return sendProblem(
      reply,
      status,
      error.name,
      status === 500 ? 'internal-error' : 'bad-request',
      error.message,
    );
  });
  if (isShell) await apiProxy(app, apiUrl);
  // Its own scope: compression and CORS apply to the files, not to what the API answers.
  await app.register((files) => builtFiles(files, { name, distDir, isShell, runtimeConfig, releasesDir }));
  return app;
}

async function closeApp(app) {
  // Idle keep-alive connections close at once; one still busy after 2 s is cut.
  setTimeout(() => app.server.closeAllConnections(), 2000).unref();
  await app.close();
}

function checkBuilt(distRoot, apps) {
  const missing = apps.filter((app) => !fs.existsSync(path.join(distRoot, app, 'dist', 'index.html')));
  if (missing.length > 0) {
    throw new Error(
      `Built frontends are missing (${missing.map((app) => `frontends/${app}/dist`).join(', ')}). ` +
        'Run `npm run build` (or `npm run build:frontends`) first.',
    );
  }
}

function mergeRuntimeConfig(base, overrides = {}) {
  return { ...base, ...overrides, remotes: { ...base.remotes, ...overrides.remotes } };
}

/**
 * Starts one HTTP server per app.
 * @param {object} [options]
 * @param {string} [options.host] interface to bind (WEB_HOST, default 0.0.0.0)
 * @param {Partial<Record<'shell'|'marketing'|'dashboard'|'billing', number|null>>} [options.ports]
 *   port per app (default from env); 0 picks a free port; null skips that app
 * @param {string} [options.apiUrl] where /api/* goes (API_URL, default http://127.0.0.1:4000)
 * @param {object} [options.runtimeConfig] overrides merged into /config.json (e.g. { remotes: { dashboard: url } })
 * @param {string} [options.distRoot] folder holding <app>/dist (default frontends/)
 * @param {string} [options.configFile] JSON merged over /config.json at every request (WEB_CONFIG_FILE)
 * @param {string} [options.releasesDir] folder of <remote>/<version>/ builds served at /remotes/ (WEB_RELEASES_DIR)
 * @param {NodeJS.ProcessEnv} [options.env]
 * @param {(message: string) => void} [options.log]
 * @returns {Promise<(() => Promise<void>) & { urls: Record<string, string>, ports: Record<string, number> }>}
 */
export async function startWebServers(options = {}) {
  const env = options.env ?? process.env;
  const host = options.host ?? env.WEB_HOST ?? '0.0.0.0';
  const log = options.log ?? ((message) => console.log(`[serve-web] ${message}`));
  const distRoot = options.distRoot ?? path.join(repoRoot, 'frontends');
  const requestedPorts = { ...portsFromEnv(env), ...options.ports };
  const apps = APPS.filter((app) => requestedPorts[app] !== null && requestedPorts[app] !== undefined);
  checkBuilt(distRoot, apps);

  const apiUrl = options.apiUrl ?? env.API_URL ?? 'http://127.0.0.1:4000';
  const displayHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const boundPorts = {};
  const configFile = options.configFile ?? env.WEB_CONFIG_FILE;
  const releasesDir = options.releasesDir ?? env.WEB_RELEASES_DIR;
  const runtimeConfig = () =>
    mergeRuntimeConfig(
      mergeRuntimeConfig(
        runtimeConfigFromEnv(env, { ...requestedPorts, ...boundPorts }, displayHost),
        options.runtimeConfig,
      ),
      configFile ? JSON.parse(fs.readFileSync(configFile, 'utf8')) : undefined,
    );

  const servers = [];
  const close = () => Promise.all(servers.map(closeApp)).then(() => undefined);
  try {
    // Remotes first, so that the shell's config can name their actual (possibly ephemeral) ports.
    for (const app of [...apps].reverse()) {
      const server = await createAppServer({
        name: app,
        releasesDir,
        distDir: path.join(distRoot, app, 'dist'),
        isShell: app === 'shell',
        runtimeConfig,
        apiUrl,
        env,
      });
      servers.push(server);
      await server.listen({ port: requestedPorts[app], host });
      boundPorts[app] = server.server.address().port;
    }
  } catch (error) {
    await close();
    throw error;
  }

  const urls = Object.fromEntries(apps.map((app) => [app, `http://${displayHost}:${boundPorts[app]}`]));
  for (const app of apps) log(`${app.padEnd(9)} ${urls[app]}`);
  return Object.assign(close, { urls, ports: { ...boundPorts } });
}

const invokedDirectly =
  process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  startWebServers().then(
    (stop) => {
      let stopping = false;
      const shutdown = (signal) => {
        if (stopping) return;
        stopping = true;
        console.log(`[serve-web] ${signal} received, closing`);
        stop().then(() => process.exit(0));
      };
      process.on('SIGINT', () => shutdown('SIGINT'));
      process.on('SIGTERM', () => shutdown('SIGTERM'));
    },
    (error) => {
      console.error(`[serve-web] ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    },
  );
}
