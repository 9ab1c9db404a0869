import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import {
  LOCAL_PAYPAL_APP,
  localPayPalEnv,
  localPayPalPlans,
} from '../../../../libs/paypal/src/stand-in/local-paypal';
import { startPayPalStandIn, type PayPalStandIn } from '../../../../libs/paypal/src/stand-in/paypal-stand-in';
import { givenIn } from '../support/given';
import { signIn } from '../support/signed-in';
import { seedHistory } from '../support/history-seed';
import { startSiteverifyStandIn, type SiteverifyStandIn } from '../support/siteverify-stand-in';
import { startTestApp, type TestApp } from '../test-app';
import { testConfig } from '../test-config';
import {
  listedCodes,
  operationsOf,
  schemaValidator,
  type OpenApiDocument,
  type Operation,
} from '../support/openapi-document';
import { HOSTILE_STRINGS, SchemaArbitraries, type Schema } from './support/openapi-arbitraries';

/** Runs per operation: enough to hit each parameter with hostile values several times. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/** FUZZ_SEED replays a failure's seed (a failing operation's report names it). */
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const RECAPTCHA_SECRET = 'fuzz-recaptcha-secret';

/** Bodies no client library would send: broken, empty, deep, prototype-polluting, huge. */
const RAW_BODIES = [
  '',
  '{',
  '[',
  'null',
  '"text"',
  '{"a":',
  '\u0000',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '['.repeat(3_000) + ']'.repeat(3_000),
  '{"a":'.repeat(3_000) + '1' + '}'.repeat(3_000),
  JSON.stringify({ name: 'x'.repeat(70_000) }),
];

interface Credentials {
  bearer: string;
  apiKey: string;
  sessionToken: string;
}

interface FuzzRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: string;
}

const printable = (value: string) => /^[\x20-\x7e]*$/.test(value);
/** encodeURIComponent, after replacing lone surrogates (which it refuses) with U+FFFD as a browser does. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encode = (value: string) => encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));

/** Every way of authenticating an operation: as the document says, with garbage, or not at all. */
function credentialsFor(
  { operation }: Operation,
  credentials: Credentials,
): fc.Arbitrary<Record<string, string>> {
  const schemes = new Set((operation.security ?? []).flatMap((requirement) => Object.keys(requirement)));
  const valid: Record<string, string> = {};
  for (const scheme of schemes) {
    if (/bearer/i.test(scheme)) valid.authorization = `Bearer ${credentials.bearer}`;
    else if (/api.?key/i.test(scheme)) valid['x-api-key'] = credentials.apiKey;
    else if (/session/i.test(scheme)) valid['x-session-token'] = credentials.sessionToken;
  }
  const garbage = fc
    .constantFrom(
      ...HOSTILE_STRINGS.filter((value) => value !== '' && printable(value) && value.length < 500),
    )
    .map((value) => Object.fromEntries(Object.keys(valid).map((name) => [name, value])));
  return fc.oneof({ weight: 4, arbitrary: fc.constant(valid) }, garbage, fc.constant({}));
}

function requestsFor(
  endpoint: Operation,
  arbitraries: SchemaArbitraries,
  credentials: Credentials,
): fc.Arbitrary<FuzzRequest> {
  const { operation } = endpoint;
  const parameters = operation.parameters ?? [];
  const pathParts = parameters
    .filter((parameter) => parameter.in === 'path')
    .map((parameter) =>
      fc
        .tuple(arbitraries.text(parameter.schema as Schema), fc.boolean())
        .map(([value, raw]): [string, string] => [
          parameter.name,
          raw && printable(value) ? value : encode(value),
        ]),
    );
  const queryParts = parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => {
      const value = arbitraries.text(parameter.schema as Schema);
      return fc
        .option(fc.array(value, { minLength: 1, maxLength: 2 }), { freq: parameter.required ? 10 : 3 })
        .map((values) => (values ?? []).map((text) => `${parameter.name}=${encode(text)}`));
    });
  const headerParts = parameters
    .filter((parameter) => parameter.in === 'header')
    .map((parameter) =>
      fc
        .option(arbitraries.text(parameter.schema as Schema).filter(printable))
        .map((value): [string, string | null] => [parameter.name, value]),
    );
  const jsonSchema = operation.requestBody?.content?.['application/json']?.schema as Schema | undefined;
  const body: fc.Arbitrary<{ body?: string; type?: string }> = jsonSchema
    ? fc.oneof(
        {
          weight: 6,
          arbitrary: arbitraries.value(jsonSchema).map((value) => ({ body: JSON.stringify(value) ?? '' })),
        },
        { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ body: raw })) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(
              'text/plain',
              'application/xml',
              'multipart/form-data; boundary=x',
              'application/json; charset=utf-7',
            )
            .map((type) => ({ body: '{}', type })),
        },
      )
    : fc.constant({});

  return fc
    .record({
      path: fc.tuple(...pathParts),
      query: fc.tuple(...queryParts),
      extra: fc.option(fc.constantFrom('unknown=1', '__proto__[x]=1', 'a[]=1&a[]=2', '%ZZ=1'), { freq: 5 }),
      headers: fc.tuple(...headerParts),
      auth: credentialsFor(endpoint, credentials),
      body,
    })
    .map(({ path, query, extra, headers, auth, body: { body, type } }) => {
      let target = endpoint.path;
      for (const [name, value] of path) target = target.replace(`{${name}}`, value);
      const search = [...query.flat(), ...(extra ? [extra] : [])].join('&');
      const sent: Record<string, string> = { ...auth };
      for (const [name, value] of headers) if (value !== null) sent[name.toLowerCase()] = value;
      if (body !== undefined) sent['content-type'] = type ?? 'application/json';
      return {
        method: endpoint.method,
        target: search ? `${target}?${search}` : target,
        headers: sent,
        body,
      };
    });
}

describe('property-based fuzzing of every operation in the OpenAPI document', () => {
  let t: TestApp;
  let paypal: PayPalStandIn;
  let siteverify: SiteverifyStandIn;
  let doc: OpenApiDocument;
  let base: string;
  const credentials = {} as Credentials;

  beforeAll(async () => {
    paypal = await startPayPalStandIn({ ...LOCAL_PAYPAL_APP, plans: localPayPalPlans() });
    siteverify = await startSiteverifyStandIn(RECAPTCHA_SECRET);
    t = await startTestApp(
      testConfig({
        ...localPayPalEnv(paypal.url),
        RECAPTCHA_SECRET,
        RECAPTCHA_VERIFY_URL: siteverify.url,
      }),
    );
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    doc = (await request(t.app.getHttpServer()).get('/api/docs-json').expect(200)).body;
    const enterprise = await givenIn(t.app).keyOnPlan({ plan: 'enterprise', name: 'fuzz' });
    credentials.bearer = (await signIn(t.app, enterprise.user)).accessToken;
    credentials.apiKey = enterprise.key;
    credentials.sessionToken = (
      await request(t.app.getHttpServer()).post('/api/auth/session').expect(201)
    ).body.sessionToken;
    await seedHistory(t);
  });
  afterAll(async () => {
    await t?.close();
    await paypal?.close();
    await siteverify?.close();
  });

  it('documents operations to fuzz', () => {
    expect(operationsOf(doc).length).toBeGreaterThan(20);
  });

  const send = async ({ method, target, headers, body }: FuzzRequest) => {
    const response = await fetch(`${base}${target}`, {
      method: method.toUpperCase(),
      headers,
      body: method === 'get' || method === 'head' ? undefined : body,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    const type = response.headers.get('content-type') ?? '';
    // An opened event stream never ends by itself (reading it would wait for the timeout): its
    // status is all this test asks of it, and cancelling frees the plan's stream slot.
    if (response.ok && type.startsWith('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status, type, text: '' };
    }
    return { status: response.status, type, text: await response.text() };
  };

  // The operations are known only once the app serves its document, so one test walks them all and
  // names each failing operation with the seed that replays it.
  it('answers every operation with no 5xx and only documented problems', async () => {
    const arbitraries = new SchemaArbitraries(doc.components.schemas as Record<string, Schema>);
    const validatorOf = schemaValidator(doc);
    const failures: string[] = [];
    for (const endpoint of operationsOf(doc)) {
      const { responses } = endpoint.operation;
      try {
        await fc.assert(
          fc.asyncProperty(requestsFor(endpoint, arbitraries, credentials), async (sent) => {
            const answer = await send(sent);
            const what = `${sent.method.toUpperCase()} ${sent.target.slice(0, 200)} → ${answer.status} ${answer.text.slice(0, 300)}`;
            if (answer.status >= 500) throw new Error(`5xx: ${what}`);
            if (answer.status < 400) return;
            if (!answer.type.startsWith('application/problem+json'))
              throw new Error(`not problem+json: ${what}`);
            const problem: { code?: string } = JSON.parse(answer.text);
            const response = responses[String(answer.status)];
            const schema = response?.content?.['application/problem+json']?.schema;
            if (!schema) throw new Error(`status ${answer.status} not documented: ${what}`);
            const validate = validatorOf(schema);
            if (!validate(problem as object)) {
              const listed = listedCodes(response).join(', ');
              throw new Error(
                `code ${problem.code} not documented for ${answer.status} (lists ${listed}): ${what}`,
              );
            }
          }),
          { numRuns: RUNS, endOnFailure: true, seed: SEED },
        );
      } catch (error) {
        // fast-check's report names the seed and the counterexample; what broke is the cause.
        const cause = (error as Error & { cause?: Error }).cause;
        const seed = /seed: (-?\d+)/.exec((error as Error).message)?.[1];
        failures.push(
          `${endpoint.method.toUpperCase()} ${endpoint.path} (seed ${seed}): ${(cause ?? (error as Error)).message.slice(0, 600)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
