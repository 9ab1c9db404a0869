import { createFxRatesClient } from '@fxrates/sdk';
import {
  curlSnippet,
  javascriptSnippet,
  pythonSnippet,
  sdkCallArguments,
  SNIPPET_LANGUAGES,
  SNIPPETS,
} from './code-snippets';
import { KEY_TESTABLE_ENDPOINTS, PUBLIC_ENDPOINTS } from './public-endpoints';

const endpoint = (id: string) => PUBLIC_ENDPOINTS.find((e) => e.id === id)!;
const input = (id: string) => ({
  endpoint: endpoint(id),
  baseUrl: 'https://fx.example/api/v1',
  keyPrefix: 'fxrates_',
});

describe('curlSnippet', () => {
  it('calls the URL with the examples and a placeholder key', () => {
    expect(curlSnippet(input('rate'))).toBe(
      'curl -H "X-API-Key: fxrates_YOUR_KEY" \\\n  "https://fx.example/api/v1/rates/rate?from=USD&to=EUR"',
    );
  });
});

describe('javascriptSnippet', () => {
  it('uses @fxrates/sdk with the origin as baseUrl, the key from the environment, and typed errors', () => {
    const code = javascriptSnippet(input('latest'));
    expect(code).toContain(`import { createFxRatesClient, FxRatesError } from '@fxrates/sdk';`);
    expect(code).toContain(`baseUrl: 'https://fx.example',`);
    expect(code).toContain('apiKey: process.env.FXRATES_API_KEY, // fxrates_…');
    expect(code).toContain(
      `const { data, rateLimit } = await fx.latest({ base: 'USD', symbols: ['EUR', 'GBP', 'INR'] });`,
    );
    expect(code).toContain('error instanceof FxRatesError');
  });

  it('passes the path parameters first, in order, then the query', () => {
    expect(javascriptSnippet(input('fixing-rates'))).toContain(
      `await fx.fixingRates('ECB', '2024-03-15', { base: 'EUR', symbols: ['USD', 'GBP'] });`,
    );
    expect(javascriptSnippet(input('fixing-verify'))).toContain(
      `const { data } = await fx.fixingVerification('fix_ECB_20240315');`,
    );
  });

  it('passes a path parameter first, amounts as numbers, and nothing for an endpoint without parameters', () => {
    expect(javascriptSnippet(input('historical'))).toContain(
      `await fx.historical('2024-03-15', { base: 'USD', symbols: ['EUR', 'GBP'] });`,
    );
    expect(javascriptSnippet(input('convert'))).toContain(
      `await fx.convert({ from: 'USD', to: 'EUR', amount: 100 });`,
    );
    const usage = javascriptSnippet(input('usage'));
    expect(usage).toContain('const { data } = await fx.usage();');
    // Not metered: no rate-limit state to show.
    expect(usage).not.toContain('rateLimit');
  });

  it('names only methods the SDK has, for every endpoint', () => {
    const sdk = createFxRatesClient({ apiKey: 'fxrates_x', baseUrl: 'https://fx.example' });
    for (const e of PUBLIC_ENDPOINTS) {
      expect([e.id, typeof sdk[e.sdkMethod]]).toEqual([e.id, 'function']);
      expect(javascriptSnippet(input(e.id))).toContain(
        e.streamed ? `= fx.${e.sdkMethod}(` : `await fx.${e.sdkMethod}(`,
      );
    }
  });
});

describe('pythonSnippet', () => {
  it('calls requests.get with the path filled in, the query as params and the key from the environment', () => {
    expect(pythonSnippet(input('historical'))).toBe(
      [
        'import os',
        '',
        'import requests',
        '',
        'response = requests.get(',
        '    "https://fx.example/api/v1/rates/historical/2024-03-15",',
        '    params={"base": "USD", "symbols": "EUR,GBP"},',
        '    headers={"X-API-Key": os.environ["FXRATES_API_KEY"]},',
        '    timeout=10,',
        ')',
        '# Errors are application/problem+json with a stable "code", e.g. "unknown-currency".',
        'if not response.ok:',
        '    problem = response.json()',
        `    raise SystemExit(f"{response.status_code} {problem['code']}: {problem['message']}")`,
        'print(response.json())',
        'print(response.headers["X-RateLimit-Remaining"], "calls left this month")',
      ].join('\n'),
    );
  });

  it('leaves params out when there are none, and the rate-limit line when not metered', () => {
    const code = pythonSnippet(input('usage'));
    expect(code).toContain('"https://fx.example/api/v1/usage",');
    expect(code).not.toContain('params=');
    expect(code).not.toContain('X-RateLimit-Remaining');
  });
});

describe('a public endpoint (no key)', () => {
  it('sends no key in curl or Python, and the key tester does not offer it', () => {
    expect(curlSnippet(input('status'))).toBe('curl "https://fx.example/api/v1/status"');
    const python = pythonSnippet(input('status-history'));
    expect(python).toContain('"https://fx.example/api/v1/status/history",');
    expect(python).not.toContain('X-API-Key');
    expect(python).not.toContain('import os');
    expect(KEY_TESTABLE_ENDPOINTS.map((e) => e.id)).not.toContain('status');
    // Neither status endpoint (keyless), nor the batch (a POST).
    expect(KEY_TESTABLE_ENDPOINTS.length).toBe(PUBLIC_ENDPOINTS.length - 3);
  });
});

describe('the batch (a POST with a JSON body)', () => {
  const batch = endpoint('convert-batch');
  const body = batch.body as { rows: { ref: string }[] };

  it('posts the body as JSON in curl', () => {
    expect(curlSnippet(input('convert-batch'))).toBe(
      [
        'curl -X POST -H "X-API-Key: fxrates_YOUR_KEY" \\',
        '  -H "Content-Type: application/json" \\',
        `  -d '${JSON.stringify(body)}' \\`,
        '  "https://fx.example/api/v1/convert/batch"',
      ].join('\n'),
    );
  });

  it('passes the body to fx.convertBatch, and posts it as json= from Python', () => {
    const javascript = javascriptSnippet(input('convert-batch'));
    expect(javascript).toContain(`const body = ${JSON.stringify(body, null, 2)};`);
    expect(javascript).toContain('const { data, rateLimit } = await fx.convertBatch(body);');
    const python = pythonSnippet(input('convert-batch'));
    expect(python).toContain(`body = ${JSON.stringify(body, null, 4)}`);
    expect(python).toContain('response = requests.post(');
    expect(python).toContain('    json=body,');
    expect(python).not.toContain('params=');
  });

  it('is called through the SDK with its body, and is not offered by the key tester', () => {
    expect(sdkCallArguments(batch)).toEqual([body]);
    expect(body.rows.map((row) => row.ref)).toEqual(['INV-1001', 'INV-1002', 'INV-1003']);
    expect(KEY_TESTABLE_ENDPOINTS.map((e) => e.id)).not.toContain('convert-batch');
  });
});

describe('the stream', () => {
  it('reads events as they come: curl -N, the SDK subscribe() with its events typed, Python line by line', () => {
    expect(curlSnippet(input('stream'))).toBe(
      'curl -N -H "X-API-Key: fxrates_YOUR_KEY" \\\n  "https://fx.example/api/v1/stream?base=USD&symbols=EUR%2CGBP%2CBTC"',
    );
    const javascript = javascriptSnippet(input('stream'));
    expect(javascript).toContain(
      "const subscription = fx.subscribe({ base: 'USD', symbols: ['EUR', 'GBP', 'BTC'] }, {",
    );
    expect(javascript).toContain("if (event.type === 'snapshot')");
    const python = pythonSnippet(input('stream'));
    expect(python).toContain('stream=True,');
    expect(python).toContain('for line in response.iter_lines(decode_unicode=True):');
    expect(python).toContain('params={"base": "USD", "symbols": "EUR,GBP,BTC"},');
  });
});

describe('SNIPPETS', () => {
  it('has one generator per tab, each naming the endpoint it calls', () => {
    expect(SNIPPET_LANGUAGES.map((l) => l.label)).toEqual(['curl', 'JavaScript', 'Python']);
    for (const e of PUBLIC_ENDPOINTS)
      for (const { id } of SNIPPET_LANGUAGES) expect(SNIPPETS[id](input(e.id))).toMatch(/\S/);
  });
});
