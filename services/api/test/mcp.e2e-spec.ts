import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { MCP_TOOLS } from '@fxrates/domain';
import { MCP_FIXED_QUERY } from '../src/modules/mcp';
import { givenIn } from './support/given';
import { SEEDED_CLOSES, seedHistory } from './support/history-seed';
import { operationsOf, type OpenApiDocument } from './support/openapi-document';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Record<string, unknown>;
}

/**
 * The MCP server (POST /api/v1/mcp) driven by the official MCP client over real HTTP: its tools are
 * the public reads with their OpenAPI parameters, a tool call is the REST call (same digits, same
 * metering, same refusals), and the endpoint itself wants a key.
 */
describe('MCP server at /api/v1/mcp', () => {
  let t: TestApp;
  let base: string;
  let doc: OpenApiDocument;
  const clients: Client[] = [];
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    doc = (await http().get('/api/docs-json').expect(200)).body as OpenApiDocument;
    await seedHistory(t);
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await t.close();
  });

  /** The official client, connected (initialize + initialized) with `headers` on every request. */
  async function connect(headers: Record<string, string>): Promise<Client> {
    const client = new Client({ name: 'fxrates-mcp-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/api/v1/mcp`), {
      requestInit: { headers },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  const call = async (client: Client, name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  /** The calls this month counted against the key owner's quota, as GET /api/v1/usage says (not metered). */
  const used = async (key: string): Promise<number> =>
    (await http().get('/api/v1/usage').set('X-API-Key', key).expect(200)).body.used as number;

  const operationOf = (operationId: string) => {
    const found = operationsOf(doc).find((endpoint) => endpoint.operation.operationId === operationId);
    if (!found) throw new Error(`no operation ${operationId}`);
    return found;
  };

  it('lists one read-only tool per public read, taking exactly its OpenAPI parameters', async () => {
    const { key } = await givenIn(t.app).keyOnPlan({ plan: 'professional' });
    const client = await connect({ 'X-API-Key': key });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(MCP_TOOLS.map((tool) => tool.name));
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        'fxrates_latest',
        'fxrates_convert',
        'fxrates_timeseries',
        'fxrates_fluctuation',
        'fxrates_average',
        'fxrates_ohlc',
        'fxrates_fixings',
        'fxrates_fixing',
        'fxrates_signed_fixing',
        'fxrates_verify_fixing',
        'fxrates_currencies',
        'fxrates_status',
        'fxrates_usage',
      ]),
    );
    for (const { name, operationId } of MCP_TOOLS) {
      const tool = tools.find((listed) => listed.name === name)!;
      const { operation, method, path } = operationOf(operationId);
      expect(method).toBe('get');
      // What the docs page lists for the tool is where it goes.
      expect(`GET /api/v1${MCP_TOOLS.find((t) => t.name === name)!.endpoint.slice(4)}`).toBe(`GET ${path}`);
      const parameters = ((operation.parameters ?? []) as Parameter[]).filter(
        (p) => (p.in === 'query' || p.in === 'path') && !(p.name in MCP_FIXED_QUERY),
      );
      const expected = Object.fromEntries(
        parameters.map((p) => [p.name, { ...p.schema, description: p.description }]),
      );
      expect({ name, properties: tool.inputSchema.properties ?? {} }).toEqual({ name, properties: expected });
      expect([...(tool.inputSchema.required ?? [])].sort()).toEqual(
        parameters
          .filter((p) => p.required)
          .map((p) => p.name)
          .sort(),
      );
      expect(tool.annotations).toMatchObject({
        readOnlyHint: true,
        openWorldHint: false,
        idempotentHint: true,
        destructiveHint: false,
      });
      expect(tool.description).toContain(operation.summary as string);
    }
    // The one parameter every rates operation has that no tool takes: numbers are always strings.
    expect(tools.find((tool) => tool.name === 'fxrates_latest')!.inputSchema.properties).not.toHaveProperty(
      'numbers',
    );
    // A tool answers JSON: the exports' `format` is no argument, where REST has it.
    for (const name of ['fxrates_timeseries', 'fxrates_ohlc']) {
      const { operation } = operationOf(MCP_TOOLS.find((tool) => tool.name === name)!.operationId);
      expect((operation.parameters as Parameter[]).map((p) => p.name)).toContain('format');
      expect(tools.find((tool) => tool.name === name)!.inputSchema.properties).not.toHaveProperty('format');
    }
    // Path parameters are arguments like the others, and required.
    expect(tools.find((tool) => tool.name === 'fxrates_fixing')!.inputSchema.required).toEqual(
      expect.arrayContaining(['cut', 'date']),
    );
    expect(tools.find((tool) => tool.name === 'fxrates_verify_fixing')!.inputSchema.required).toEqual(['id']);
  });

  it('answers period averages as REST does, digits and sources, one metered call', async () => {
    const { key } = await givenIn(t.app).keyOnPlan({ plan: 'professional' });
    const client = await connect({ 'X-API-Key': key });
    const start = await used(key);
    const average = await call(client, 'fxrates_average', {
      start: '1990-01-02',
      end: '1990-01-05',
      symbols: ['EUR', 'GBP'],
      period: 'month',
    });
    expect(average.isError).toBeUndefined();
    expect(await used(key)).toBe(start + 1);
    const rest = await http()
      .get(
        '/api/v1/rates/average?start=1990-01-02&end=1990-01-05&symbols=EUR,GBP&period=month&numbers=string',
      )
      .set('X-API-Key', key)
      .expect(200);
    expect(average.structuredContent).toEqual(rest.body);
    expect(JSON.parse((average.content[0] as { text: string }).text)).toEqual(rest.body);
    const [january] = (
      average.structuredContent as { periods: { rates: Record<string, { mean: unknown; days: number }> }[] }
    ).periods;
    expect(january.rates.EUR).toMatchObject({
      mean: expect.stringMatching(/^\d+\.\d+$/),
      days: expect.any(Number),
    });
    expect(january.rates.EUR.days).toBeGreaterThan(0);
  });

  it('answers intraday bars as JSON, whatever format the agent asks', async () => {
    const { key } = await givenIn(t.app).keyOnPlan({ plan: 'professional' });
    const client = await connect({ 'X-API-Key': key });
    const today = new Date().toISOString().slice(0, 10);
    const args = { symbol: 'EUR', interval: '1h', start: today, end: today };
    const start = await used(key);
    const bars = await call(client, 'fxrates_ohlc', { ...args, format: 'csv' });
    expect(bars.isError).toBeUndefined();
    expect(await used(key)).toBe(start + 1);
    const rest = await http()
      .get(`/api/v1/rates/ohlc?symbol=EUR&interval=1h&start=${today}&end=${today}&numbers=string&format=json`)
      .set('X-API-Key', key)
      .expect(200)
      .expect('content-type', /^application\/json/);
    expect(bars.structuredContent).toEqual(rest.body);
    expect(bars.structuredContent).toMatchObject({
      base: 'USD',
      symbol: 'EUR',
      interval: '1h',
      bars: expect.any(Array),
    });
  });

  it('puts path arguments in the path, one segment each, and answers a missing fixing as REST does', async () => {
    const { key } = await givenIn(t.app).keyOnPlan({ plan: 'basic' });
    const client = await connect({ 'X-API-Key': key });
    const start = await used(key);
    // No fixing was ever made in 1990: REST's 404, unmetered.
    const fixing = await call(client, 'fxrates_fixing', {
      cut: 'LDN1600',
      date: '1990-01-03',
      symbols: ['EUR'],
    });
    const rest = await http()
      .get('/api/v1/fixings/LDN1600/1990-01-03?symbols=EUR')
      .set('X-API-Key', key)
      .expect(404);
    expect(rest.body.code).toBe('fixing-not-found');
    expect(fixing.isError).toBe(true);
    expect(fixing.structuredContent).toEqual(rest.body);
    // An id holding a `/` stays the id (never /fixings/{cut}/{date} nor /verify).
    const id = 'fix_LDN1600_19900103/verify';
    const signed = await call(client, 'fxrates_signed_fixing', { id });
    const restSigned = await http()
      .get(`/api/v1/fixings/${encodeURIComponent(id)}`)
      .set('X-API-Key', key)
      .expect(404);
    expect(restSigned.body.code).toBe('fixing-not-found');
    expect(signed.structuredContent).toEqual(restSigned.body);
    const verified = await call(client, 'fxrates_verify_fixing', { id: 'fix_LDN1600_19900103' });
    expect(verified.structuredContent).toMatchObject({ code: 'fixing-not-found', status: 404 });
    expect(await used(key)).toBe(start);
    // The list of cuts and fixings answers, one metered call.
    const list = await call(client, 'fxrates_fixings', { start: '1990-01-01', end: '1990-01-31' });
    expect(list.isError).toBeUndefined();
    expect(list.structuredContent).toMatchObject({
      start: '1990-01-01',
      end: '1990-01-31',
      fixings: [],
      cuts: expect.arrayContaining([expect.objectContaining({ name: 'LDN1600' })]),
    });
    expect(await used(key)).toBe(start + 1);
  });

  it('answers latest and convert with the digits and provenance REST gives at the same table', async () => {
    const { key } = await givenIn(t.app).keyOnPlan({ plan: 'professional' });
    const client = await connect({ 'X-API-Key': key });

    const latest = await call(client, 'fxrates_latest', { base: 'USD', symbols: ['EUR', 'GBP', 'JPY'] });
    const restLatest = await http()
      .get('/api/v1/rates/latest?base=USD&symbols=EUR,GBP,JPY&numbers=string')
      .set('X-API-Key', key)
      .expect(200);
    expect(latest.isError).toBeUndefined();
    expect(latest.structuredContent).toEqual(restLatest.body);
    expect(JSON.parse((latest.content[0] as { text: string }).text)).toEqual(restLatest.body);
    const rates = (latest.structuredContent as { rates: Record<string, unknown> }).rates;
    expect(Object.keys(rates).sort()).toEqual(['EUR', 'GBP', 'JPY']);
    for (const rate of Object.values(rates)) expect(rate).toMatch(/^\d+(\.\d+)?$/);
    expect(latest.structuredContent).toMatchObject({
      timestamp: expect.any(String),
      date: expect.any(String),
      source: expect.any(Array),
      stale: expect.any(Boolean),
    });
    expect(latest._meta).toMatchObject({
      'fxrates.example/requestId': expect.any(String),
      'fxrates.example/rateLimit': { 'x-ratelimit-limit': expect.any(String) },
    });

    const converted = await call(client, 'fxrates_convert', { from: 'USD', to: 'EUR', amount: 1234.5678 });
    const restConverted = await http()
      .get('/api/v1/convert?from=USD&to=EUR&amount=1234.5678&numbers=string')
      .set('X-API-Key', key)
      .expect(200);
    expect(converted.structuredContent).toEqual(restConverted.body);
    expect(converted.structuredContent).toMatchObject({
      rate: expect.stringMatching(/^\d+\.\d{4}$|^\d+\.\d+$/),
      result: expect.stringMatching(/^\d+\.\d+$/),
    });
  });

  it('counts exactly one metered call per tool call, and none for initialize, tools/list or unmetered reads', async () => {
    const { key } = await givenIn(t.app).keyOnPlan({ plan: 'professional' });
    const start = await used(key);
    const client = await connect({ 'X-API-Key': key });
    await client.listTools();
    await client.listTools();
    expect(await used(key)).toBe(start);

    await call(client, 'fxrates_latest', { symbols: ['EUR'] });
    expect(await used(key)).toBe(start + 1);
    await call(client, 'fxrates_convert', { from: 'EUR', to: 'GBP', amount: 10 });
    expect(await used(key)).toBe(start + 2);
    const series = await call(client, 'fxrates_timeseries', {
      start: '1990-01-02',
      end: '1990-01-05',
      symbols: ['EUR'],
    });
    expect(series.isError).toBeUndefined();
    expect(JSON.stringify(series.structuredContent)).toContain(`"${SEEDED_CLOSES['1990-01-03'].EUR}"`);
    expect(await used(key)).toBe(start + 3);
    // Free over REST, free as tools.
    for (const name of ['fxrates_currencies', 'fxrates_usage', 'fxrates_status']) {
      const result = await call(client, name, {});
      expect({ name, isError: result.isError }).toEqual({ name, isError: undefined });
    }
    expect(await used(key)).toBe(start + 3);
    // A refused call is not counted, over REST or here.
    const refused = await call(client, 'fxrates_latest', { symbols: ['NOPE'] });
    expect(refused.isError).toBe(true);
    expect(await used(key)).toBe(start + 3);
  });

  it("refuses a Free key a paid tool with REST's problem, as an isError result", async () => {
    const { key } = await givenIn(t.app).keyOnPlan({ plan: 'free' });
    const client = await connect({ 'X-API-Key': key });
    const start = await used(key);
    const result = await call(client, 'fxrates_timeseries', { start: '1990-01-02', end: '1990-01-05' });
    const rest = await http()
      .get('/api/v1/rates/timeseries?start=1990-01-02&end=1990-01-05&numbers=string&format=json')
      .set('X-API-Key', key)
      .expect(403)
      .expect('content-type', /application\/problem\+json/);
    expect(rest.body.code).toBe('plan-upgrade-required');
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual(rest.body);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(rest.body);
    expect(await used(key)).toBe(start);
    // What the plan includes still answers.
    expect((await call(client, 'fxrates_convert', { from: 'USD', to: 'EUR', amount: 1 })).isError).toBe(
      undefined,
    );
  });

  it('answers a call outside the key scopes with isError scope-not-allowed, and the others', async () => {
    const owner = await signedInUser(t.app, { plan: 'professional' });
    const created = await http()
      .post('/api/keys')
      .set('Authorization', `Bearer ${owner.accessToken}`)
      .send({ name: 'rates only', scopes: ['rates:read'] })
      .expect(201);
    const client = await connect({ 'X-API-Key': created.body.key as string });
    const usage = await call(client, 'fxrates_usage', {});
    expect(usage.isError).toBe(true);
    expect(usage.structuredContent).toMatchObject({ code: 'scope-not-allowed', status: 403 });
    const history = await call(client, 'fxrates_fluctuation', { start: '1990-01-02', end: '1990-01-05' });
    expect(history.structuredContent).toMatchObject({ code: 'scope-not-allowed' });
    expect((await call(client, 'fxrates_latest', { symbols: ['EUR'] })).isError).toBeUndefined();
  });

  it('takes the key as Authorization: Bearer', async () => {
    const { key } = await givenIn(t.app).keyOnPlan({ plan: 'basic' });
    const client = await connect({ Authorization: `Bearer ${key}` });
    const start = await used(key);
    const result = await call(client, 'fxrates_latest', { symbols: ['EUR'] });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ base: 'USD', rates: { EUR: expect.any(String) } });
    expect(await used(key)).toBe(start + 1);
  });

  it('answers 401 problem+json with a Bearer challenge to no key or an unknown key', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/api/v1/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(initialize),
      });
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer realm="/);
    expect(await none.json()).toMatchObject({ code: 'missing-api-key', status: 401 });

    for (const headers of [
      { 'X-API-Key': `fxrates_${'0'.repeat(32)}` } as Record<string, string>,
      { Authorization: `Bearer fxrates_${'0'.repeat(32)}` },
    ]) {
      const unknown = await post(headers);
      expect(unknown.status).toBe(401);
      expect(unknown.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
      expect(await unknown.json()).toMatchObject({ code: 'invalid-api-key' });
    }
    // The official client fails to connect at all.
    const client = new Client({ name: 'fxrates-mcp-test', version: '1.0.0' });
    await expect(
      client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/v1/mcp`))),
    ).rejects.toThrow(/401/);
  });

  it('answers what is not a JSON-RPC message with a 400 problem that is also a JSON-RPC error', async () => {
    const { key } = await givenIn(t.app).keyOnPlan();
    for (const body of ['null', '"text"', '{"hello":"world"}', '[1,2]']) {
      const response = await http()
        .post('/api/v1/mcp')
        .set('X-API-Key', key)
        .set('Content-Type', 'application/json')
        .send(body)
        .expect(400)
        .expect('content-type', /application\/problem\+json/);
      expect(response.body).toMatchObject({
        code: 'validation-failed',
        status: 400,
        jsonrpc: '2.0',
        id: null,
        error: { code: expect.any(Number), message: expect.any(String) },
      });
    }
  });

  it('answers an unknown tool with a JSON-RPC error, not a call', async () => {
    const { key } = await givenIn(t.app).keyOnPlan();
    const client = await connect({ 'X-API-Key': key });
    await expect(client.callTool({ name: 'fxrates_nothing', arguments: {} })).rejects.toThrow(
      /Unknown tool: fxrates_nothing/,
    );
  });

  it('refuses the event stream (GET text/event-stream) with 405, and tells any other GET how to connect', async () => {
    const { key } = await givenIn(t.app).keyOnPlan();
    const stream = await http()
      .get('/api/v1/mcp')
      .set('X-API-Key', key)
      .set('Accept', 'text/event-stream')
      .expect(405);
    expect(stream.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(stream.body).toMatchObject({ code: 'method-not-allowed' });
    await http().get('/api/v1/mcp').set('Accept', 'text/event-stream').expect(401);
    const card = await http().get('/api/v1/mcp').set('Authorization', `Bearer ${key}`).expect(200);
    expect(card.body).toMatchObject({
      transport: 'streamable-http',
      endpoint: '/api/v1/mcp',
      tools: MCP_TOOLS.map((tool) => tool.name),
    });
  });
});
