import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { previewOpenApiDocument } from '../src/openapi-preview';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const ROOT = resolve(__dirname, '../../..');
const run = promisify(execFile);
/** Node starting, openapi-typescript and prettier over a 200 KB document: seconds on a busy 2-core machine. */
const GENERATE_TIMEOUT_MS = 60_000;

/**
 * libs/sdk/src/generated/openapi.ts is generated from the API's document by `npm run sdk:generate`,
 * which builds the document without PostgreSQL or Redis. These prove the committed file is what the
 * served document generates, and that the document the script reads is the one the API serves.
 */
describe('@fxrates/sdk generated types', () => {
  let t: TestApp;
  let docsUrl: string;

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    await t.app.listen(0, '127.0.0.1');
    docsUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/api/docs-json`;
  });
  afterAll(() => t.close());

  it('the document built without a database is the one /api/docs-json serves', async () => {
    const served = (await request(t.app.getHttpServer()).get('/api/docs-json').expect(200)).body;
    expect(JSON.parse(JSON.stringify(await previewOpenApiDocument()))).toEqual(served);
  });

  it(
    'libs/sdk/src/generated/openapi.ts is what the served document generates (else: npm run sdk:generate)',
    async () => {
      const outcome = await run(process.execPath, ['scripts/generate-sdk.mjs', '--check', '--url', docsUrl], {
        cwd: ROOT,
      }).then(
        ({ stdout }) => ({ ok: true, output: stdout }),
        (error: { stdout?: string; stderr?: string }) => ({
          ok: false,
          output: `${error.stderr}${error.stdout}`,
        }),
      );
      expect(outcome).toEqual({ ok: true, output: expect.stringContaining('is up to date') });
    },
    GENERATE_TIMEOUT_MS,
  );
});
