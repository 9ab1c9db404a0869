#!/usr/bin/env node
// Serves the built frontends, one origin per app, with no dependencies beyond Node itself.
//
//   shell      WEB_PORT (3000)        SPA fallback, /config.json from env, /api/* proxied to API_URL
//   marketing  MARKETING_PORT (3001)  CORS open: the shell loads remotes cross-origin
//   dashboard  DASHBOARD_PORT (3002)
//   billing    BILLING_PORT (3003)
//
// Env: WEB_HOST (0.0.0.0), API_URL (http://127.0.0.1:4000), PUBLIC_MARKETING_URL,
// PUBLIC_DASHBOARD_URL, PUBLIC_BILLING_URL (default http://localhost:<port>/mf-manifest.json),
// PRODUCT_NAME, SUPPORT_EMAIL, API_KEY_PREFIX, PUBLIC_API_BASE_URL (/api).
//
// Also importable: `const stop = await startWebServers(options)`; `stop.urls` holds the
// addresses and `await stop()` closes every server.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);
const { portsFromEnv, runtimeConfigFromEnv } = require('../frontends/runtime-config.cjs');

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['shell', 'marketing', 'dashboard', 'billing'];

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.txt', '.svg']);
/** Webpack names async chunks `<name>.<8 hex>.js`: their content never changes under that name. */
const HASHED_ASSET = /\.[0-9a-f]{8}\.[a-z0-9]+(\.map|\.LICENSE\.txt)?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Hop-by-hop headers (RFC 9110 §7.6.1) are never forwarded by the proxy. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const PROXY_TIMEOUT_MS = 60_000;

function securityHeaders() {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

function corsHeaders() {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
    'Access-Control-Allow-Headers': '*',
    'Access-Control-Max-Age': '86400',
  };
}

function sendProblem(res, status, title, code, message, extraHeaders = {}) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ type: 'about:blank', title, status, detail: message, code, message });
  res.writeHead(status, {
    ...extraHeaders,
    'Content-Type': 'application/problem+json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

function sendJson(req, res, document, headers) {
  const body = JSON.stringify(document, null, 2);
  res.writeHead(200, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': REVALIDATE,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Maps a URL path onto a file below `root`, refusing anything that escapes it. */
function resolveInside(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    // A malformed escape sequence cannot name a file.
    return null;
  }
  if (decoded.includes('\0')) return null;
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return resolved === root || resolved.startsWith(`${root}${path.sep}`) ? resolved : null;
}

function statFile(filePath) {
  try {
    const stats = fs.statSync(filePath);
    if (stats.isFile()) return { filePath, stats };
    if (stats.isDirectory()) return statFile(path.join(filePath, 'index.html'));
  } catch (error) {
    if (error.code !== 'ENOENT' && error.code !== 'ENOTDIR') throw error;
  }
  return null;
}

function sendFile(req, res, file, baseHeaders) {
  const extension = path.extname(file.filePath).toLowerCase();
  const etag = `W/"${file.stats.size.toString(16)}-${Math.floor(file.stats.mtimeMs).toString(16)}"`;
  const headers = {
    ...baseHeaders,
    'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
    'Cache-Control': HASHED_ASSET.test(path.basename(file.filePath)) ? IMMUTABLE : REVALIDATE,
    ETag: etag,
    'Last-Modified': file.stats.mtime.toUTCString(),
    Vary: 'Accept-Encoding',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const gzip =
    COMPRESSIBLE.has(extension) &&
    file.stats.size > 1024 &&
    /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  if (gzip) headers['Content-Encoding'] = 'gzip';
  else headers['Content-Length'] = file.stats.size;
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const streams = [fs.createReadStream(file.filePath)];
  if (gzip) streams.push(zlib.createGzip({ level: 6 }));
  pipeline(...streams, res, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE')
      console.error(`[serve-web] ${req.url}: ${error.message}`);
  });
}

/** Streams /api/* to the API, headers and bodies both ways (Set-Cookie included). */
function createApiProxy(apiUrl) {
  const target = new URL(apiUrl);
  const transport = target.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true });
  const basePath = target.pathname.replace(/\/+$/, '');

  function forward(req, res) {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    const clientAddress = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = req.headers['x-forwarded-for']
      ? `${req.headers['x-forwarded-for']}, ${clientAddress}`
      : clientAddress;
    headers['x-forwarded-host'] = req.headers.host ?? '';
    headers['x-forwarded-proto'] = req.socket.encrypted ? 'https' : 'http';
    headers.host = target.host;

    const upstream = transport.request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: `${basePath}${req.url}`,
        headers,
        agent,
      },
      (upstreamRes) => {
        const responseHeaders = {};
        for (const [name, value] of Object.entries(upstreamRes.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) responseHeaders[name] = value;
        }
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, responseHeaders);
        pipeline(upstreamRes, res, () => {});
      },
    );
    upstream.setTimeout(PROXY_TIMEOUT_MS, () =>
      upstream.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' })),
    );
    upstream.on('error', (error) => {
      if (res.writableEnded || res.destroyed) return;
      const timedOut = error.code === 'ETIMEDOUT';
      sendProblem(
        res,
        timedOut ? 504 : 502,
        timedOut ? 'Gateway Timeout' : 'Bad Gateway',
        'api-unavailable',
        'The service is temporarily unavailable. Please try again later.',
      );
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    pipeline(req, upstream, () => {});
  }

  return { forward, close: () => agent.destroy() };
}

function createAppHandler(app, { distDir, isShell, runtimeConfig, apiProxy }) {
  const baseHeaders = isShell ? securityHeaders() : { ...securityHeaders(), ...corsHeaders() };
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    if (isShell && (url.pathname === '/api' || url.pathname.startsWith('/api/'))) {
      apiProxy.forward(req, res);
      return;
    }
    if (req.method === 'OPTIONS' && !isShell) {
      res.writeHead(204, baseHeaders);
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendProblem(
        res,
        405,
        'Method Not Allowed',
        'method-not-allowed',
        'Only GET and HEAD are served here.',
        {
          ...baseHeaders,
          Allow: 'GET, HEAD',
        },
      );
      return;
    }
    if (isShell && url.pathname === '/config.json') {
      sendJson(req, res, runtimeConfig(), baseHeaders);
      return;
    }
    const filePath = resolveInside(distDir, url.pathname);
    const file = filePath ? statFile(filePath) : null;
    if (file) {
      sendFile(req, res, file, baseHeaders);
      return;
    }
    // Client-side routes (no file extension) of the shell render index.html.
    const looksLikeFile = path.posix.extname(url.pathname) !== '';
    if (isShell && !looksLikeFile) {
      sendFile(req, res, statFile(path.join(distDir, 'index.html')), baseHeaders);
      return;
    }
    sendProblem(res, 404, 'Not Found', 'not-found', `${url.pathname} was not found.`, baseHeaders);
  };
}

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address().port);
    });
  });
}

function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections?.();
    setTimeout(() => server.closeAllConnections?.(), 2000).unref();
  });
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

  const apiProxy = createApiProxy(options.apiUrl ?? env.API_URL ?? 'http://127.0.0.1:4000');
  const displayHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const boundPorts = {};
  const runtimeConfig = () =>
    mergeRuntimeConfig(
      runtimeConfigFromEnv(env, { ...requestedPorts, ...boundPorts }, displayHost),
      options.runtimeConfig,
    );

  const servers = [];
  const close = async () => {
    await Promise.all(servers.map(closeServer));
    apiProxy.close();
  };
  try {
    // Remotes first, so that the shell's config can name their actual (possibly ephemeral) ports.
    for (const app of [...apps].reverse()) {
      const handler = createAppHandler(app, {
        distDir: path.join(distRoot, app, 'dist'),
        isShell: app === 'shell',
        runtimeConfig,
        apiProxy,
      });
      const server = http.createServer(handler);
      server.keepAliveTimeout = 5000;
      servers.push(server);
      boundPorts[app] = await listen(server, requestedPorts[app], host);
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
