import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '..');
const run = promisify(execFile);
/** SWC over ten files and tsc over the SDK: seconds, more on a busy 2-core machine. */
const BUILD_TIMEOUT_MS = 60_000;

/**
 * `npm run build:sdk` makes a package plain Node loads (CommonJS, no TypeScript), whose client calls
 * the API over HTTP: here a loopback stand-in answering as the API does. Its one ES-module-only
 * dependency (eventsource-parser 4) is loaded by require(), which Node does from 22.12 on: the
 * manifest's engines say so.
 */
describe('npm run build:sdk', () => {
  let out: string;
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'fxrates-sdk-'));
    await run(process.execPath, ['scripts/build-sdk.mjs', '--out', out], { cwd: root });
    server = createServer((req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'X-Request-Id': 'req-1',
        'X-RateLimit-Remaining': '41',
      });
      res.end(
        JSON.stringify({ from: 'USD', to: 'EUR', rate: 0.9, path: req.url, key: req.headers['x-api-key'] }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await rm(out, { recursive: true, force: true });
  });

  it('writes a package: CommonJS, declarations, README and a manifest pointing at them', async () => {
    const manifest = JSON.parse(await readFile(path.join(out, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: '@fxrates/sdk',
      main: 'index.js',
      types: 'index.d.ts',
      engines: { node: '>=22.12' },
    });
    expect(Object.keys(manifest.dependencies)).toEqual(['eventsource-parser', 'openapi-fetch']);
    expect(await readFile(path.join(out, 'index.d.ts'), 'utf8')).toContain('createFxRatesClient');
    expect(await readFile(path.join(out, 'generated/openapi.d.ts'), 'utf8')).toContain(
      "'/api/v1/rates/latest'",
    );
    expect(await readFile(path.join(out, 'README.md'), 'utf8')).toMatch(/^# @fxrates\/sdk/);
  });

  it('loads in plain Node and calls the API', async () => {
    const script = `
      const { createFxRatesClient } = require(${JSON.stringify(out)});
      createFxRatesClient({ apiKey: 'fxrates_k', baseUrl: ${JSON.stringify(baseUrl)} })
        .rate({ from: 'USD', to: 'EUR' })
        .then((r) => console.log(JSON.stringify({ data: r.data, requestId: r.requestId, remaining: r.rateLimit.remaining })));
    `;
    // Only the repository's node_modules, as an installed package would find openapi-fetch.
    const { stdout } = await run(process.execPath, ['-e', script], {
      env: { PATH: process.env.PATH, NODE_PATH: path.join(root, 'node_modules') },
    });
    expect(JSON.parse(stdout)).toEqual({
      data: {
        from: 'USD',
        to: 'EUR',
        rate: 0.9,
        path: '/api/v1/rates/rate?from=USD&to=EUR',
        key: 'fxrates_k',
      },
      requestId: 'req-1',
      remaining: 41,
    });
  });
});
