import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '..');
const run = promisify(execFile);
/** The SDK's build (SWC, tsc), `npm pack`, the OpenAPI document and its conversion: seconds, more on a busy machine. */
const BUILD_TIMEOUT_MS = 120_000;

interface SdkManifest {
  name: string;
  version: string;
  file: string;
  latest: string;
  integrity: string;
  size: number;
}

/**
 * scripts/build-downloads.mjs (run by build-frontends after the shell) over a small built tree, served
 * by scripts/serve-web.mjs as the product serves it: the SDK installs with `npm install <url>` from that
 * server into a new project, with no registry (its dependencies are in the tarball), and its client
 * calls a loopback stand-in of the API from CommonJS and from an ES module.
 */
describe('the downloads /docs links to, served by the web server', () => {
  let dir: string;
  let web: ChildProcess;
  let shell: string;
  let api: Server;
  let apiUrl: string;
  let sdk: SdkManifest;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'fxrates-downloads-'));
    for (const app of ['shell', 'marketing', 'dashboard', 'billing']) {
      mkdirSync(path.join(dir, 'web', app, 'dist'), { recursive: true });
      writeFileSync(path.join(dir, 'web', app, 'dist', 'index.html'), `<!doctype html><title>${app}</title>`);
    }
    const dist = path.join(dir, 'web', 'shell', 'dist');
    await run(process.execPath, ['scripts/build-downloads.mjs', '--out', dist], { cwd: root });
    sdk = JSON.parse(readFileSync(path.join(dist, 'downloads', 'sdk.json'), 'utf8')) as SdkManifest;

    const options = {
      host: '127.0.0.1',
      ports: { shell: 0, marketing: 0, dashboard: 0, billing: 0 },
      distRoot: path.join(dir, 'web'),
      env: {},
    };
    web = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { startWebServers } = await import(${JSON.stringify(path.join(root, 'scripts/serve-web.mjs'))});
         const stop = await startWebServers({ ...${JSON.stringify(options)}, log: () => {} });
         console.log(JSON.stringify(stop.urls));
         process.stdin.on('end', () => stop().then(() => process.exit(0))).resume();`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    shell = await new Promise<string>((resolve, reject) => {
      web.stdout!.once('data', (chunk: Buffer) =>
        resolve((JSON.parse(chunk.toString()) as { shell: string }).shell),
      );
      web.once('exit', (code) => reject(new Error(`serve-web exited with ${code}`)));
    });

    api = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Request-Id': 'req-2' });
      res.end(
        JSON.stringify({ from: 'USD', to: 'EUR', rate: 0.9, path: req.url, key: req.headers['x-api-key'] }),
      );
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  }, BUILD_TIMEOUT_MS);

  afterAll(async () => {
    if (web) {
      const exited = new Promise((resolve) => web.once('exit', resolve));
      web.stdin!.end();
      await exited;
    }
    await new Promise((resolve) => api?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the versioned tarball `npm pack` makes, and a latest alias with the same bytes', async () => {
    const { version } = JSON.parse(readFileSync(path.join(root, 'libs/sdk/package.json'), 'utf8')) as {
      version: string;
    };
    expect(sdk).toMatchObject({
      name: '@fxrates/sdk',
      version,
      file: `fxrates-sdk-${version}.tgz`,
      latest: 'fxrates-sdk-latest.tgz',
    });
    const [versioned, latest] = await Promise.all(
      [sdk.file, sdk.latest].map((file) => fetch(`${shell}/downloads/${file}`)),
    );
    expect([versioned.status, versioned.headers.get('content-type')]).toEqual([200, 'application/gzip']);
    expect([latest.status, latest.headers.get('content-type')]).toEqual([200, 'application/gzip']);
    const bytes = Buffer.from(await versioned.arrayBuffer());
    expect(bytes.length).toBe(sdk.size);
    expect(Buffer.from(await latest.arrayBuffer()).equals(bytes)).toBe(true);
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
  });

  it(
    'installs from its URL with no registry (its dependencies inside) and works from require() and import',
    async () => {
      const project = path.join(dir, 'project');
      mkdirSync(project);
      writeFileSync(
        path.join(project, 'package.json'),
        '{"name":"consumer","version":"1.0.0","private":true}',
      );
      const url = `${shell}/downloads/${sdk.file}`;
      // A registry nothing listens on (port 9, discard): the install fails if it asks one for anything.
      await run('npm', ['install', url, '--no-audit', '--no-fund', '--ignore-scripts'], {
        cwd: project,
        env: {
          ...process.env,
          npm_config_cache: path.join(dir, 'npm-cache'),
          npm_config_registry: 'http://127.0.0.1:9/',
          npm_config_fetch_retries: '0',
          npm_config_userconfig: path.join(dir, 'no-npmrc'),
        },
      });
      const consumer = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      };
      expect(consumer.dependencies).toEqual({ '@fxrates/sdk': url });
      const installed = JSON.parse(
        readFileSync(path.join(project, 'node_modules/@fxrates/sdk/package.json'), 'utf8'),
      ) as Record<string, unknown>;
      expect(installed).toMatchObject({
        version: sdk.version,
        types: 'index.d.ts',
        exports: { '.': { types: './index.d.ts', import: './esm/index.js', require: './index.js' } },
        publishConfig: { access: 'public' },
      });
      expect(installed).not.toHaveProperty('private');

      const call = `createFxRatesClient({ apiKey: 'fxrates_k', baseUrl: ${JSON.stringify(apiUrl)} })
      .rate({ from: 'USD', to: 'EUR' })
      .then((r) => console.log(JSON.stringify({ data: r.data, requestId: r.requestId })));`;
      const expected = {
        data: {
          from: 'USD',
          to: 'EUR',
          rate: 0.9,
          path: '/api/v1/rates/rate?from=USD&to=EUR',
          key: 'fxrates_k',
        },
        requestId: 'req-2',
      };
      // Only the project's node_modules: nothing from this repository.
      const env = { PATH: process.env.PATH };
      const cjs = await run(
        process.execPath,
        ['-e', `const { createFxRatesClient } = require('@fxrates/sdk');\n${call}`],
        { cwd: project, env },
      );
      expect(JSON.parse(cjs.stdout)).toEqual(expected);
      const esm = await run(
        process.execPath,
        ['--input-type=module', '-e', `import { createFxRatesClient } from '@fxrates/sdk';\n${call}`],
        { cwd: project, env },
      );
      expect(JSON.parse(esm.stdout)).toEqual(expected);
    },
    BUILD_TIMEOUT_MS,
  );

  it('serves the Postman collection as JSON, with the SDK manifest beside it', async () => {
    const collection = await fetch(`${shell}/downloads/fxrates-postman-collection.json`);
    expect([collection.status, collection.headers.get('content-type')]).toEqual([
      200,
      'application/json; charset=utf-8',
    ]);
    expect(((await collection.json()) as { info: { schema: string } }).info.schema).toBe(
      'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    );
    const manifest = await fetch(`${shell}/downloads/sdk.json`);
    expect(await manifest.json()).toEqual(sdk);
  });

  it('answers 404 for a file it does not have, not the page', async () => {
    expect((await fetch(`${shell}/downloads/fxrates-sdk-9.9.9.tgz`)).status).toBe(404);
  });
});
