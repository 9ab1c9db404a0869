import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get as httpGet, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fillExtraSources, NGINX_TEMPLATE, serverCsp } from './page-csp.cjs';

/**
 * scripts/serve-web.mjs (what `npm start` and the browser tests serve the frontends with), run in a
 * process of its own (it is an ES module) over a small built tree, with a loopback stand-in of the API.
 */
const SCRIPT = path.join(__dirname, 'serve-web.mjs');
const HASHED = 'main.1234abcd.js';
const BIG_SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});\n`;

interface Seen {
  url: string;
  method: string;
  body: string;
  headers: IncomingMessage['headers'];
}

let dir: string;
let api: Server;
let apiStatus = 200;
const seen: Seen[] = [];
let web: ChildProcess;
let urls: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'serve-web-'));
  for (const app of ['shell', 'marketing', 'dashboard', 'billing']) {
    mkdirSync(path.join(dir, app, 'dist'), { recursive: true });
    writeFileSync(path.join(dir, app, 'dist', 'index.html'), `<!doctype html><title>${app}</title>`);
  }
  writeFileSync(path.join(dir, 'shell', 'dist', HASHED), BIG_SCRIPT);
  writeFileSync(path.join(dir, 'marketing', 'dist', 'mf-manifest.json'), '{"name":"marketing"}');
  writeFileSync(
    path.join(dir, 'marketing', 'dist', 'release.json'),
    '{"name":"marketing","version":"1.0.0-a"}',
  );
  mkdirSync(path.join(dir, 'releases'));
  writeFileSync(path.join(dir, 'config.json'), '{}');

  api = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ url: request.url ?? '', method: request.method ?? '', body, headers: request.headers });
      response.writeHead(apiStatus, {
        'content-type': 'application/json',
        'set-cookie': 'refresh=r; HttpOnly',
      });
      response.end('{"from":"api"}');
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/base`;

  const options = {
    host: '127.0.0.1',
    ports: { shell: 0, marketing: 0, dashboard: 0, billing: 0 },
    apiUrl,
    distRoot: dir,
    releasesDir: path.join(dir, 'releases'),
    env: {
      PRODUCT_NAME: 'Spec Rates',
      WEB_CONFIG_FILE: path.join(dir, 'config.json'),
      CSP_EXTRA_SOURCES: 'https://cdn.example.net',
    },
  };
  web = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { startWebServers } = await import(${JSON.stringify(SCRIPT)});
       const stop = await startWebServers({ ...${JSON.stringify(options)}, log: () => {} });
       console.log(JSON.stringify(stop.urls));
       process.stdin.on('end', () => stop().then(() => process.exit(0))).resume();`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  urls = await new Promise((resolve, reject) => {
    web.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString())));
    web.once('exit', (code) => reject(new Error(`serve-web exited with ${code}`)));
  });
});

afterAll(async () => {
  const exited = new Promise((resolve) => web.once('exit', resolve));
  web.stdin!.end(); // stop() closes every server, then the process exits
  await exited;
  await new Promise((resolve) => api.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  seen.length = 0;
  apiStatus = 200;
});

interface RuntimeConfigJson {
  productName: string;
  remotes: Record<string, string>;
}

const get = (url: string, init?: RequestInit) => fetch(url, init);

describe('serve-web', () => {
  it('serves a hashed asset gzipped and cached for a year, with the security headers', async () => {
    const response = await get(`${urls.shell}/${HASHED}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // fetch inflates the body itself; the bytes sent were gzip, and smaller.
    expect(await response.text()).toBe(BIG_SCRIPT);
    const raw = await rawGet(`${urls.shell}/${HASHED}`, { 'accept-encoding': 'gzip' });
    expect(raw.body.length).toBeLessThan(BIG_SCRIPT.length / 10);
    expect(gunzipSync(raw.body).toString()).toBe(BIG_SCRIPT);
  });

  it('has unhashed files revalidated, answering 304 to a matching ETag', async () => {
    const first = await get(`${urls.shell}/index.html`);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // As a browser revalidates (fetch() would add Cache-Control: no-cache to a conditional request).
    expect((await rawGet(`${urls.shell}/index.html`, { 'if-none-match': etag })).status).toBe(304);
  });

  it('renders index.html for the shell’s client-side routes, and a problem for a missing file', async () => {
    const route = await get(`${urls.shell}/dashboard/keys`);
    expect([route.status, await route.text()]).toEqual([200, '<!doctype html><title>shell</title>']);
    const missing = await get(`${urls.shell}/missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await missing.json()).toMatchObject({ status: 404, code: 'not-found' });
  });

  it('answers a URL that does not decode with a 400 problem', async () => {
    const response = await get(`${urls.shell}/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, code: 'malformed-request' });
  });

  it('answers /config.json from the environment, never cached', async () => {
    const response = await get(`${urls.shell}/config.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toMatchObject({
      apiBaseUrl: '/api',
      productName: 'Spec Rates',
      remotes: { marketing: `${urls.marketing}/mf-manifest.json` },
    });
  });

  it('publishes a remote’s build under /remotes/<name>/<version>/, and releases added while it runs', async () => {
    const current = await get(`${urls.marketing}/remotes/marketing/1.0.0-a/mf-manifest.json`);
    expect(current.status).toBe(200);
    expect(await current.json()).toEqual({ name: 'marketing' });
    expect((await get(`${urls.marketing}/remotes/marketing/2.0.0-b/mf-manifest.json`)).status).toBe(404);

    const release = path.join(dir, 'releases', 'marketing', '2.0.0-b');
    mkdirSync(release, { recursive: true });
    writeFileSync(path.join(release, 'mf-manifest.json'), '{"name":"marketing","release":2}');
    const added = await get(`${urls.marketing}/remotes/marketing/2.0.0-b/mf-manifest.json`);
    expect(added.status).toBe(200);
    expect(added.headers.get('access-control-allow-origin')).toBe('*');
    expect(await added.json()).toEqual({ name: 'marketing', release: 2 });
    expect((await get(`${urls.dashboard}/remotes/marketing/2.0.0-b/mf-manifest.json`)).status).toBe(404);
  });

  it('merges WEB_CONFIG_FILE over /config.json, read again at every request', async () => {
    const configFile = path.join(dir, 'config.json');
    try {
      writeFileSync(configFile, '{"remotes":{"marketing":"http://m/1/mf-manifest.json"}}');
      const first = (await (await get(`${urls.shell}/config.json`)).json()) as RuntimeConfigJson;
      expect(first.remotes.marketing).toBe('http://m/1/mf-manifest.json');
      expect(first.remotes.dashboard).toBe(`${urls.dashboard}/mf-manifest.json`);
      expect(first.productName).toBe('Spec Rates');
      writeFileSync(configFile, '{"remotes":{"marketing":"http://m/2/mf-manifest.json"}}');
      const second = (await (await get(`${urls.shell}/config.json`)).json()) as RuntimeConfigJson;
      expect(second.remotes.marketing).toBe('http://m/2/mf-manifest.json');
    } finally {
      writeFileSync(configFile, '{}');
    }
  });

  it('sends the nginx image’s page CSP with the origins /config.json names, not on API answers', async () => {
    const template = serverCsp(readFileSync(NGINX_TEMPLATE, 'utf8'));
    const remotes = `${urls.marketing} ${urls.dashboard} ${urls.billing}`;
    for (const file of ['/', '/dashboard/keys', `/${HASHED}`, '/config.json']) {
      const response = await get(`${urls.shell}${file}`);
      expect([file, response.headers.get('content-security-policy')]).toEqual([
        file,
        fillExtraSources(template, `${remotes} https://cdn.example.net`),
      ]);
    }
    const configFile = path.join(dir, 'config.json');
    try {
      writeFileSync(configFile, '{"remotes":{"marketing":"https://other.example/m/mf-manifest.json"}}');
      const policy = (await get(`${urls.shell}/`)).headers.get('content-security-policy');
      expect(policy).toBe(
        fillExtraSources(
          template,
          `https://other.example ${urls.dashboard} ${urls.billing} https://cdn.example.net`,
        ),
      );
    } finally {
      writeFileSync(configFile, '{}');
    }
    expect((await get(`${urls.shell}/api/health/ready`)).headers.has('content-security-policy')).toBe(false);
  });

  it('refuses methods other than GET and HEAD on files with 405 and Allow', async () => {
    const response = await get(`${urls.shell}/index.html`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toMatchObject({ code: 'method-not-allowed' });
  });

  it('opens the remotes to the shell’s origin (CORS), preflight included', async () => {
    const manifest = await get(`${urls.marketing}/mf-manifest.json`, { headers: { origin: urls.shell } });
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(await manifest.json()).toEqual({ name: 'marketing' });
    const preflight = await get(`${urls.marketing}/mf-manifest.json`, {
      method: 'OPTIONS',
      headers: { origin: urls.shell, 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-max-age')).toBe('86400');
    expect(
      (await get(`${urls.shell}/index.html`, { headers: { origin: 'http://x' } })).headers.has(
        'access-control-allow-origin',
      ),
    ).toBe(false);
  });

  it('proxies /api to API_URL’s path with the body, cookies and forwarding headers', async () => {
    const response = await get(`${urls.shell}/api/auth/login?next=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: '{"email":"a@b.c"}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBe('refresh=r; HttpOnly');
    expect(response.headers.get('content-encoding')).toBeNull(); // the API's answer, as it sent it
    expect(await response.json()).toEqual({ from: 'api' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      url: '/base/api/auth/login?next=1',
      method: 'POST',
      body: '{"email":"a@b.c"}',
    });
    expect(seen[0].headers).toMatchObject({
      'x-forwarded-for': '203.0.113.9, 127.0.0.1',
      'x-forwarded-host': new URL(urls.shell).host,
      'x-forwarded-proto': 'http',
    });
  });

  it('proxies the fixings’ JWKS, the API’s one path outside /api, rather than answer it with the app', async () => {
    const response = await get(`${urls.shell}/.well-known/jwks.json`);
    expect(await response.json()).toEqual({ from: 'api' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ url: '/base/.well-known/jwks.json', method: 'GET' });
  });

  it('passes the API’s 503 on once, without retrying it', async () => {
    apiStatus = 503;
    expect((await get(`${urls.shell}/api/health/ready`)).status).toBe(503);
    expect(seen).toHaveLength(1);
  });
});

describe('serve-web without its API', () => {
  beforeAll(() => new Promise((resolve) => api.close(resolve)));
  afterAll(() => new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve)));

  it('answers 502 api-unavailable as a problem', async () => {
    const response = await get(`${urls.shell}/api/account`);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ status: 502, code: 'api-unavailable' });
  });
});

/** A GET whose body is left as sent (fetch would inflate it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
