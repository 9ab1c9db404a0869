import { PUBLIC_API_BASE_PATH } from '@fxrates/domain';
import { endpointUrl, methodOf, type EndpointParameter, type PublicEndpointDoc } from './public-endpoints';

/** The languages every endpoint shows an example in, in tab order. */
export const SNIPPET_LANGUAGES = [
  { id: 'curl', label: 'curl' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
] as const;

export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number]['id'];

/** The environment variable the JavaScript and Python examples read the key from. */
export const KEY_VARIABLE = 'FXRATES_API_KEY';

/** A call of an endpoint with its examples, and where the API is. */
export interface SnippetInput {
  endpoint: PublicEndpointDoc;
  /** The public API's base, e.g. "https://x.example/api/v1" (publicBaseUrl). */
  baseUrl: string;
  keyPrefix: string;
}

/** A string literal of JavaScript or Python (the examples are plain ASCII; quotes and backslashes escaped). */
const quoted = (value: string, quote: "'" | '"') =>
  `${quote}${value.replace(/\\/g, '\\\\').replaceAll(quote, `\\${quote}`)}${quote}`;

/** The query parameters with a value in the examples: path parameters go in the path. */
const queryParameters = (endpoint: PublicEndpointDoc) =>
  endpoint.parameters.filter(
    (parameter) => !parameter.inPath && !parameter.inBody && parameter.example.trim() !== '',
  );

/** A POST's example body as JSON, indented: the same text is a JavaScript and a Python literal. */
const bodyJson = (endpoint: PublicEndpointDoc, indent: number) => JSON.stringify(endpoint.body, null, indent);

/** The origin the SDK takes as its baseUrl: the public base without /api/v1 (its paths carry that). */
function sdkBaseUrl(baseUrl: string): string {
  return baseUrl.endsWith(PUBLIC_API_BASE_PATH) ? baseUrl.slice(0, -PUBLIC_API_BASE_PATH.length) : baseUrl;
}

export function curlSnippet({ endpoint, baseUrl, keyPrefix }: SnippetInput): string {
  const url = `"${baseUrl}${endpointUrl(endpoint)}"`;
  if (methodOf(endpoint) === 'POST')
    return [
      `curl -X POST -H "X-API-Key: ${keyPrefix}YOUR_KEY" \\`,
      '  -H "Content-Type: application/json" \\',
      `  -d '${JSON.stringify(endpoint.body)}' \\`,
      `  ${url}`,
    ].join('\n');
  if (endpoint.keyless) return `curl ${url}`;
  // -N: each event as it comes, not when curl's buffer fills.
  return `curl ${endpoint.streamed ? '-N ' : ''}-H "X-API-Key: ${keyPrefix}YOUR_KEY" \\\n  ${url}`;
}

type SdkValue = string | number | string[];
type SdkArgument = string | Record<string, SdkValue> | { [name: string]: unknown };

/** A value as the SDK's types take it: lists as arrays, amounts as numbers. */
function sdkValue(parameter: EndpointParameter): SdkValue {
  const value = parameter.example.trim();
  if (parameter.type === 'number' && /^\d+(\.\d+)?$/.test(value)) return Number(value);
  if (parameter.type === 'list') return value.split(',').map((item) => item.trim());
  return value;
}

/**
 * The arguments of the SDK call an endpoint's JavaScript example makes: a path parameter first, then
 * the query as one object (services/api/test/docs-examples.e2e-spec.ts makes these very calls).
 */
export function sdkCallArguments(endpoint: PublicEndpointDoc): SdkArgument[] {
  // A POST's method takes its JSON body.
  if (methodOf(endpoint) === 'POST') return [endpoint.body as { [name: string]: unknown }];
  const inPath = endpoint.parameters.filter((parameter) => parameter.inPath);
  const query = queryParameters(endpoint).map((parameter) => [parameter.name, sdkValue(parameter)] as const);
  return [
    ...inPath.map((parameter) => parameter.example.trim()),
    ...(query.length ? [Object.fromEntries(query)] : []),
  ];
}

/** JavaScript source of an argument, as a person would write it. */
function javascriptLiteral(value: SdkArgument | SdkValue): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return quoted(value, "'");
  if (Array.isArray(value)) return `[${value.map(javascriptLiteral).join(', ')}]`;
  const entries = Object.entries(value).map(
    ([name, item]) => `${name}: ${javascriptLiteral(item as SdkValue)}`,
  );
  return `{ ${entries.join(', ')} }`;
}

/** The SDK client of the JavaScript examples, with the key from the environment, and a blank line. */
function clientLines(baseUrl: string, keyPrefix: string): string[] {
  return [
    'const fx = createFxRatesClient({',
    `  apiKey: process.env.${KEY_VARIABLE}, // ${keyPrefix}…`,
    `  baseUrl: ${quoted(sdkBaseUrl(baseUrl), "'")},`,
    '});',
    '',
  ];
}

/** The SDK's subscribe(): typed events, reconnecting and resuming by itself. */
function javascriptStreamSnippet({ endpoint, baseUrl, keyPrefix }: SnippetInput): string {
  return [
    `import { createFxRatesClient } from '@fxrates/sdk';`,
    '',
    ...clientLines(baseUrl, keyPrefix),
    '// Reconnects by itself and resumes after the last event it received (Last-Event-ID).',
    `const subscription = fx.${endpoint.sdkMethod}(${sdkCallArguments(endpoint).map(javascriptLiteral).join(', ')}, {`,
    '  onEvent(event) {',
    "    if (event.type === 'snapshot') console.log('rates now', event.data.rates);",
    '    else console.log(event.data.symbol, event.data.rate, event.data.source);',
    '  },',
    '  // error.code is a problem code, e.g. "quota-exceeded"; willRetry false: the stream has ended.',
    '  onError(error, willRetry) {',
    '    console.error(error.message, willRetry);',
    '  },',
    '});',
    '// subscription.close() ends it.',
  ].join('\n');
}

/** The example with @fxrates/sdk: typed answer, typed errors, retries and the rate-limit state. */
export function javascriptSnippet(input: SnippetInput): string {
  if (input.endpoint.streamed) return javascriptStreamSnippet(input);
  const { endpoint, baseUrl, keyPrefix } = input;
  const result = endpoint.metered ? '{ data, rateLimit }' : '{ data }';
  const posted = methodOf(endpoint) === 'POST';
  const callArguments = posted
    ? 'body'
    : sdkCallArguments(endpoint)
        .map((argument) => javascriptLiteral(argument as SdkArgument))
        .join(', ');
  return [
    `import { createFxRatesClient, FxRatesError } from '@fxrates/sdk';`,
    '',
    ...clientLines(baseUrl, keyPrefix),
    ...(posted ? [`const body = ${bodyJson(endpoint, 2)};`, ''] : []),
    'try {',
    `  const ${result} = await fx.${endpoint.sdkMethod}(${callArguments});`,
    '  console.log(data);',
    ...(endpoint.metered ? ['  console.log(`${rateLimit?.remaining} calls left this month`);'] : []),
    '} catch (error) {',
    '  // error.code is one of the problem codes of the OpenAPI document, e.g. "unknown-currency".',
    '  if (error instanceof FxRatesError) console.error(error.status, error.code, error.message);',
    '  else throw error;',
    '}',
  ].join('\n');
}

/** Python's requests reading the events as they come (no reconnecting: the SDK's subscribe does that). */
function pythonStreamSnippet(url: string, params: string[]): string {
  return [
    'import json',
    'import os',
    '',
    'import requests',
    '',
    'with requests.get(',
    `    ${quoted(url, '"')},`,
    `    params={${params.join(', ')}},`,
    `    headers={"X-API-Key": os.environ["${KEY_VARIABLE}"]},`,
    '    stream=True,',
    '    timeout=(10, 60),  # a heartbeat comes every 15 s',
    ') as response:',
    '    if not response.ok:',
    '        problem = response.json()',
    "        raise SystemExit(f\"{response.status_code} {problem['code']}: {problem['message']}\")",
    '    event = "message"',
    '    for line in response.iter_lines(decode_unicode=True):',
    '        if line.startswith("event:"):',
    '            event = line[6:].strip()',
    '        elif line.startswith("data:"):',
    '            print(event, json.loads(line[5:]))',
    '        elif line == "":',
    '            event = "message"',
  ].join('\n');
}

/** The example with Python's requests: the path with its parameters filled in, the query as params. */
export function pythonSnippet({ endpoint, baseUrl }: SnippetInput): string {
  const path = endpointUrl({ ...endpoint, parameters: endpoint.parameters.filter((p) => p.inPath) });
  const params = queryParameters(endpoint).map(
    (parameter) => `${quoted(parameter.name, '"')}: ${quoted(parameter.example.trim(), '"')}`,
  );
  if (endpoint.streamed) return pythonStreamSnippet(`${baseUrl}${path}`, params);
  const posted = methodOf(endpoint) === 'POST';
  return [
    ...(endpoint.keyless ? [] : ['import os', '']),
    'import requests',
    '',
    ...(posted ? [`body = ${bodyJson(endpoint, 4)}`, ''] : []),
    `response = requests.${posted ? 'post' : 'get'}(`,
    `    ${quoted(`${baseUrl}${path}`, '"')},`,
    ...(params.length ? [`    params={${params.join(', ')}},`] : []),
    ...(posted ? ['    json=body,'] : []),
    ...(endpoint.keyless ? [] : [`    headers={"X-API-Key": os.environ["${KEY_VARIABLE}"]},`]),
    '    timeout=10,',
    ')',
    '# Errors are application/problem+json with a stable "code", e.g. "unknown-currency".',
    'if not response.ok:',
    '    problem = response.json()',
    "    raise SystemExit(f\"{response.status_code} {problem['code']}: {problem['message']}\")",
    'print(response.json())',
    ...(endpoint.metered
      ? ['print(response.headers["X-RateLimit-Remaining"], "calls left this month")']
      : []),
  ].join('\n');
}

export const SNIPPETS: Record<SnippetLanguage, (input: SnippetInput) => string> = {
  curl: curlSnippet,
  javascript: javascriptSnippet,
  python: pythonSnippet,
};
