// The Content-Security-Policy of the product's pages, as one definition: the header the shell's nginx
// site template adds at server level (deploy/nginx/templates/fxrates.conf.template). scripts/serve-web.mjs
// sends it from there, filled in as the image's entrypoint fills it, and deploy/test checks the shipped
// configurations against it; nothing else writes the policy down.
//
// Also what a policy allows: CSP Level 3 source-list matching for URLs (§6.7.2), enough for the
// policies above (keywords, schemes, hosts with `*.` wildcards, ports and paths).
const fs = require('node:fs');
const path = require('node:path');

const NGINX_TEMPLATE = path.join(__dirname, '..', 'deploy', 'nginx', 'templates', 'fxrates.conf.template');
const EXTRA_SOURCES_VARIABLE = '${CSP_EXTRA_SOURCES}';

/**
 * The value of the Content-Security-Policy header an nginx site adds in its `server` block (what
 * every page and asset gets; a `location` with a policy of its own, like /admin/queues, is not it).
 * @param {string} conf the site template, or a configuration rendered from it
 */
function serverCsp(conf) {
  const blocks = [];
  const found = [];
  for (const line of conf.split('\n')) {
    const code = line.replace(/#.*$/, '').trim();
    const header = /^add_header\s+Content-Security-Policy\s+"([^"]*)"/.exec(code);
    if (header && blocks.length === 1 && blocks[0] === 'server') found.push(header[1]);
    if (code.endsWith('{')) blocks.push(code.split(/\s+/)[0]);
    if (code.startsWith('}')) blocks.pop();
  }
  if (found.length !== 1) {
    throw new Error(
      `expected one server-level Content-Security-Policy in the nginx site, found ${found.length}`,
    );
  }
  return found[0];
}

/** What the image's entrypoint does to the template's policy (envsubst of CSP_EXTRA_SOURCES). */
function fillExtraSources(policy, extraSources) {
  if (/[;"\n]/.test(extraSources))
    throw new Error(`CSP_EXTRA_SOURCES must be sources only: "${extraSources}"`);
  return policy.split(EXTRA_SOURCES_VARIABLE).join(extraSources);
}

/** The page policy of the nginx image run with CSP_EXTRA_SOURCES=`extraSources`. */
function pageCsp(extraSources = '', template = fs.readFileSync(NGINX_TEMPLATE, 'utf8')) {
  return fillExtraSources(serverCsp(template), extraSources);
}

/** Directive name → its sources (the first occurrence of a directive counts, as in browsers). */
function parseCsp(policy) {
  const directives = new Map();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The directive that governs a fetch directive's requests when it is absent (CSP3 §6.8.3). */
const FALLBACKS = {
  'script-src-elem': ['script-src', 'default-src'],
  'script-src': ['default-src'],
  'style-src-elem': ['style-src', 'default-src'],
  'style-src': ['default-src'],
  'worker-src': ['child-src', 'script-src', 'default-src'],
  'frame-src': ['child-src', 'default-src'],
  'img-src': ['default-src'],
  'font-src': ['default-src'],
  'connect-src': ['default-src'],
  'manifest-src': ['default-src'],
  'media-src': ['default-src'],
};

/** The sources in force for `directive`, or undefined when the policy does not restrict it. */
function effectiveSources(policy, directive) {
  const directives = parseCsp(policy);
  for (const name of [directive, ...(FALLBACKS[directive] ?? [])]) {
    if (directives.has(name)) return directives.get(name);
  }
  return undefined;
}

const DEFAULT_PORTS = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };
const portOf = (url) => url.port || DEFAULT_PORTS[url.protocol] || '';

/** A scheme allowed where `allowed` is: itself, or its secure upgrade (CSP3 "scheme-part matching"). */
function schemeMatches(allowed, actual) {
  return (
    allowed === actual ||
    (allowed === 'http:' && actual === 'https:') ||
    (allowed === 'ws:' && (actual === 'wss:' || actual === 'http:' || actual === 'https:')) ||
    (allowed === 'wss:' && actual === 'https:')
  );
}

function hostSourceMatches(source, url, page) {
  const parts = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[a-z0-9.-]+)(?::(\*|\d+))?(\/.*)?$/i.exec(source);
  if (!parts) return false;
  const [, scheme, host, port, sourcePath] = parts;
  if (
    scheme
      ? !schemeMatches(`${scheme.toLowerCase()}:`, url.protocol)
      : !schemeMatches(page.protocol, url.protocol)
  ) {
    return false;
  }
  const hostname = url.hostname.toLowerCase();
  const pattern = host.toLowerCase();
  if (pattern === '*') {
    // Any host.
  } else if (pattern.startsWith('*.')) {
    if (!hostname.endsWith(pattern.slice(1))) return false;
  } else if (hostname !== pattern) {
    return false;
  }
  if (port !== '*') {
    const wanted = port ?? DEFAULT_PORTS[scheme ? `${scheme.toLowerCase()}:` : url.protocol];
    const actual = portOf(url);
    const upgraded = wanted === '80' && actual === '443';
    if (wanted !== actual && !upgraded) return false;
  }
  if (sourcePath && sourcePath !== '/') {
    const wantedPath = decodeURIComponent(sourcePath);
    const actualPath = decodeURIComponent(url.pathname);
    if (wantedPath.endsWith('/') ? !actualPath.startsWith(wantedPath) : actualPath !== wantedPath)
      return false;
  }
  return true;
}

function sourceMatches(source, url, page) {
  const lower = source.toLowerCase();
  if (lower === "'self'") {
    return (
      url.host === page.host &&
      schemeMatches(page.protocol, url.protocol) &&
      (url.protocol === page.protocol || !url.port)
    );
  }
  if (lower.startsWith("'")) return false; // 'unsafe-inline', 'none', nonces and hashes: no URL
  if (/^[a-z][a-z0-9+.-]*:$/.test(lower)) return schemeMatches(lower, url.protocol);
  if (lower === '*') return ['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol);
  return hostSourceMatches(source, url, page);
}

/**
 * Whether a page at `pageUrl` under `policy` may load `url` (relative to the page) through `directive`.
 * @param {string} policy
 * @param {string} directive a fetch directive: script-src, connect-src, style-src, img-src, font-src, …
 * @param {string} url
 * @param {string} pageUrl
 */
function cspAllowsUrl(policy, directive, url, pageUrl) {
  const sources = effectiveSources(policy, directive);
  if (sources === undefined) return true;
  const page = new URL(pageUrl);
  const target = new URL(url, page);
  return sources.some((source) => sourceMatches(source, target, page));
}

/** Whether `directive` allows inline content (`'unsafe-inline'` with no nonce or hash beside it). */
function cspAllowsInline(policy, directive) {
  const sources = effectiveSources(policy, directive);
  if (sources === undefined) return true;
  const lower = sources.map((source) => source.toLowerCase());
  return lower.includes("'unsafe-inline'") && !lower.some((s) => /^'(nonce|sha(256|384|512))-/.test(s));
}

/**
 * The origins a page must be allowed beyond its own to load what its /config.json names (the API,
 * the remotes, the PayPal SDK), in CSP_EXTRA_SOURCES form: absolute URLs' origins, space-separated.
 * @param {{ apiBaseUrl?: string, paypalSdkUrl?: string, remotes?: Record<string, string> }} config
 */
function configOrigins(config) {
  const urls = [config.apiBaseUrl, config.paypalSdkUrl, ...Object.values(config.remotes ?? {})];
  const origins = urls
    .filter((url) => typeof url === 'string' && /^https?:\/\//i.test(url))
    .map((url) => new URL(url).origin);
  return [...new Set(origins)].join(' ');
}

module.exports = {
  NGINX_TEMPLATE,
  serverCsp,
  fillExtraSources,
  pageCsp,
  parseCsp,
  cspAllowsUrl,
  cspAllowsInline,
  configOrigins,
};
