import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { previewOpenApiDocument } from '../src/openapi-preview';

/** The part of Postman's own library (postman-collection, which ships no types) that this reads. */
interface Item {
  name: string;
  request: {
    method: string;
    auth?: { type: string };
    url: { path?: string[]; getHost(): string };
  };
  responses: {
    count(): number;
    find(test: (response: { code: number }) => boolean, context: unknown): unknown;
  };
}
interface Collection {
  name: string;
  auth?: { type: string; parameters(): { toObject(): Record<string, string> } };
  forEachItem(callback: (item: Item) => void): void;
  toJSON(): unknown;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- it ships no types: the interfaces above say what is used
const { Collection } = require('postman-collection') as { Collection: new (json: unknown) => Collection };

const ROOT = path.resolve(__dirname, '../../..');
const run = promisify(execFile);
/** Node starting and openapi-to-postmanv2 over a 400 KB document: seconds on a busy 2-core machine. */
const CONVERT_TIMEOUT_MS = 60_000;
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);
const BASE_URL = 'https://rates.example.test';

interface Operation {
  security?: Record<string, string[]>[];
  tags?: string[];
}

/**
 * /downloads/fxrates-postman-collection.json (scripts/postman-collection.mjs, written at build time by
 * scripts/build-downloads.mjs) made from the document the API serves (built here without a database):
 * a valid v2.1 collection as Postman's own library reads it, every public operation in it, the key only
 * ever as the `{{apiKey}}` variable in the X-API-Key header, and none of the app's own routes.
 */
describe('the Postman collection of the public API', () => {
  let dir: string;
  let json: Record<string, unknown> & { item: unknown[]; variable: { key: string; value: string }[] };
  let collection: Collection;
  let requests: Item[];
  /** "GET /api/v1/rates/historical/{date}" for every public operation of the document. */
  let publicOperations: { name: string; keyless: boolean }[];

  beforeAll(async () => {
    const document = JSON.parse(JSON.stringify(await previewOpenApiDocument())) as {
      paths: Record<string, Record<string, Operation>>;
    };
    publicOperations = Object.entries(document.paths).flatMap(([route, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .flatMap(([method, operation]) => {
          const keyed = (operation.security ?? []).some((requirement) => 'apiKey' in requirement);
          const keyless = (operation.tags ?? []).includes('status');
          return keyed || keyless ? [{ name: `${method.toUpperCase()} ${route}`, keyless: !keyed }] : [];
        }),
    );
    dir = await mkdtemp(path.join(tmpdir(), 'fxrates-postman-'));
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const { stdout } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { postmanCollection } = await import(${JSON.stringify(path.join(ROOT, 'scripts/postman-collection.mjs'))});
         const fs = await import('node:fs');
         const document = JSON.parse(fs.readFileSync(${JSON.stringify(file)}, 'utf8'));
         process.stdout.write(JSON.stringify(await postmanCollection(document, { baseUrl: ${JSON.stringify(`${BASE_URL}/`)} })));`,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    json = JSON.parse(stdout) as typeof json;
    collection = new Collection(json);
    requests = [];
    collection.forEachItem((item) => requests.push(item));
  }, CONVERT_TIMEOUT_MS);

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is a v2.1 collection that Postman reads back unchanged in substance', () => {
    expect((json.info as { schema: string }).schema).toBe(
      'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    );
    expect(collection.name).toBe('FXRates Pro API');
    const again = new Collection(JSON.parse(JSON.stringify(collection.toJSON())));
    let count = 0;
    again.forEachItem(() => (count += 1));
    expect(count).toBe(requests.length);
  });

  it('has one request per public operation, at {{baseUrl}} with its method and path', () => {
    expect(publicOperations.length).toBeGreaterThanOrEqual(12);
    const named = requests.map((item) => {
      const url = item.request.url;
      const route = `/${url.path?.map((segment) => segment.replace(/^:(.+)$/, '{$1}')).join('/')}`;
      expect(url.getHost()).toBe('{{baseUrl}}');
      return `${item.request.method} ${route}`;
    });
    expect([...named].sort()).toEqual(publicOperations.map((operation) => operation.name).sort());
  });

  it('sends the key as {{apiKey}} in X-API-Key (the keyless status requests send none)', () => {
    expect(collection.auth?.type).toBe('apikey');
    expect(collection.auth?.parameters().toObject()).toEqual({
      key: 'X-API-Key',
      value: '{{apiKey}}',
      in: 'header',
    });
    const keyless = new Set(publicOperations.filter((o) => o.keyless).map((o) => o.name));
    for (const item of requests) {
      const route = `/${item.request.url.path?.join('/')}`;
      const auth = item.request.auth?.type;
      expect([route, auth]).toEqual([
        route,
        keyless.has(`${item.request.method} ${route}`) ? 'noauth' : undefined,
      ]);
    }
  });

  it('starts baseUrl at the given origin and apiKey empty; holds no key, token or app route', () => {
    expect(json.variable).toEqual([
      expect.objectContaining({ key: 'baseUrl', value: BASE_URL }),
      expect.objectContaining({ key: 'apiKey', value: '' }),
    ]);
    const text = JSON.stringify(json);
    expect(text).not.toMatch(/fxrates_[0-9a-f]{32}/i);
    expect(text).not.toMatch(/Bearer [A-Za-z0-9._-]{20,}/);
    expect(text).not.toMatch(/"\/api\/(auth|account|keys|billing)\b/);
    expect(text).not.toMatch(/"(api|auth|account|keys|billing)","(login|register|session)"/);
  });

  it('gives an example answer for each request, and a paid endpoint an example of its 403', () => {
    for (const item of requests) expect([item.name, item.responses.count() > 0]).toEqual([item.name, true]);
    const timeseries = requests.find(
      (item) => item.request.url.path?.join('/') === 'api/v1/rates/timeseries',
    )!;
    const refusal = timeseries.responses.find((response) => response.code === 403, undefined);
    expect(refusal).toBeDefined();
  });
});
