// The public API in Markdown, for people and for language models (https://llmstxt.org), made from the
// API's OpenAPI document so it never drifts from what the API serves:
//
//   llms.txt       the index: what the product is, and links to the files below
//   docs.md        the reference: authentication, errors, the MCP server (how to add it to an MCP
//                  client, its tools) and every public operation (scripts/openapi-public.mjs) with its
//                  parameters and answers. The Markdown twin of the /docs page (llms.txt's `.md` rule)
//   llms-full.txt  the same text as docs.md, under the name llms.txt readers look for
//
// scripts/build-downloads.mjs writes them into the shell's build, next to index.html.
import { publicDocument } from './openapi-public.mjs';

export const LLMS_INDEX_FILE = 'llms.txt';
export const DOCS_MARKDOWN_FILE = 'docs.md';
export const LLMS_FULL_FILE = 'llms-full.txt';
export const MCP_PATH = '/api/v1/mcp';
/** The anchor of the MCP section in docs.md (GitHub's slug of its heading). */
export const MCP_ANCHOR = 'use-from-an-ai-agent-mcp';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** Where a reader puts the site's origin in a snippet. */
const HOST = 'https://YOUR-FXRATES-HOST';

/** Text for one cell of a Markdown table: one line, pipes escaped. */
const cell = (text) =>
  String(text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

/** A parameter's schema in words: its type (of its items), values, format and bounds. */
function typeOf(schema = {}) {
  if (schema.$ref) return schema.$ref.split('/').at(-1);
  if (schema.type === 'array') return `list of ${typeOf(schema.items)} (comma-separated)`;
  const parts = [schema.format ?? schema.type ?? 'value'];
  if (schema.enum) parts.push(`one of ${schema.enum.map((value) => `\`${value}\``).join(', ')}`);
  if (schema.default !== undefined) parts.push(`default \`${schema.default}\``);
  return parts.join('; ');
}

/** The problem codes a response lists (the `code` enum of its problem schema). */
function problemCodes(response) {
  const schema = response?.content?.['application/problem+json']?.schema;
  return schema?.allOf?.[1]?.properties?.code?.enum ?? [];
}

/** The public operations, in the document's order. */
function operationsOf(document) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] })),
  );
}

const keyed = (operation) => (operation.security ?? []).some((requirement) => 'apiKey' in requirement);

/** The heading of an operation, and its anchor. */
const headingOf = ({ method, path }) => `${method.toUpperCase()} ${path}`;
const anchorOf = (heading) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');

function operationMarkdown({ method, path, operation }) {
  const lines = [
    `### ${headingOf({ method, path })}`,
    '',
    `**${operation.summary}** (\`${operation.operationId}\`)`,
    '',
  ];
  lines.push(keyed(operation) ? 'Authentication: your key in `X-API-Key`.' : 'Authentication: none.', '');
  if (operation.description) lines.push(operation.description, '');
  const parameters = (operation.parameters ?? []).filter(
    (parameter) => parameter.in !== 'header' || parameter.required,
  );
  if (parameters.length) {
    lines.push('| Parameter | In | Required | Type | Description |', '|---|---|---|---|---|');
    for (const p of parameters) {
      lines.push(
        `| \`${p.name}\` | ${p.in} | ${p.required ? 'yes' : 'no'} | ${cell(typeOf(p.schema))} | ${cell(p.description)} |`,
      );
    }
    lines.push('');
  }
  const body = operation.requestBody?.content?.['application/json'];
  if (body) lines.push('Body: JSON (`application/json`).', '');
  lines.push('| Status | Answer |', '|---|---|');
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const codes = problemCodes(response);
    const answer = codes.length
      ? `problem: ${codes.map((code) => `\`${code}\``).join(', ')}`
      : cell(response.description);
    lines.push(`| ${status} | ${answer} |`);
  }
  lines.push('');
  return lines.join('\n');
}

/** The MCP section: how to add the server to a client, and its tools (the `x-mcp-tools` of its operation). */
function mcpMarkdown(document, productName, operations) {
  const post = operations.find(({ method, path }) => method === 'post' && path === MCP_PATH);
  if (!post) throw new Error(`llms-docs: the document has no POST ${MCP_PATH}`);
  const tools = post.operation['x-mcp-tools'];
  if (!Array.isArray(tools) || !tools.length)
    throw new Error(`llms-docs: POST ${MCP_PATH} names no x-mcp-tools`);
  const byId = new Map(operations.map((entry) => [entry.operation.operationId, entry]));
  const url = `${HOST}${MCP_PATH}`;
  const vscode = {
    servers: {
      fxrates: { type: 'http', url, headers: { 'X-API-Key': '${input:fxrates-api-key}' } },
    },
    inputs: [
      { type: 'promptString', id: 'fxrates-api-key', description: `${productName} API key`, password: true },
    ],
  };
  const cursor = { mcpServers: { fxrates: { url, headers: { 'X-API-Key': 'YOUR_API_KEY' } } } };
  const lines = [
    '## Use from an AI agent (MCP)',
    '',
    `${productName} is also a Model Context Protocol server: \`${MCP_PATH}\` (Streamable HTTP, stateless, JSON answers). ` +
      'Send your API key as `X-API-Key` or as `Authorization: Bearer <key>`. Each tool is one public read and ' +
      'takes the parameters of its operation below (path parameters included, less `numbers` and `format`): ' +
      'answers are JSON, never a CSV or NDJSON export, numbers come as decimal strings, every answer names its ' +
      'sources. A tool call is one API call, metered and gated by your plan like the REST call; a refusal is a ' +
      'result with `isError` whose text is the RFC 9457 problem. `initialize` and `tools/list` are free.',
    '',
    `Replace \`${HOST}\` with the address of this site and \`YOUR_API_KEY\` with a key from your dashboard.`,
    '',
    'VS Code (`.vscode/mcp.json`, asks for the key once and keeps it secret):',
    '',
    '```json',
    JSON.stringify(vscode, null, 2),
    '```',
    '',
    'Cursor (`~/.cursor/mcp.json`) and other clients that take a URL and headers:',
    '',
    '```json',
    JSON.stringify(cursor, null, 2),
    '```',
    '',
    'Claude Code:',
    '',
    '```sh',
    `claude mcp add --transport http fxrates ${url} --header "X-API-Key: YOUR_API_KEY"`,
    '```',
    '',
    '| Tool | Operation | What it does |',
    '|---|---|---|',
  ];
  for (const { name, operationId } of tools) {
    const entry = byId.get(operationId);
    if (!entry) throw new Error(`llms-docs: tool ${name} names ${operationId}, not a public operation`);
    const heading = headingOf(entry);
    lines.push(`| \`${name}\` | [${heading}](#${anchorOf(heading)}) | ${cell(entry.operation.summary)} |`);
  }
  lines.push('');
  return lines.join('\n');
}

/** The product's name: the document's title without its " API". */
const productNameOf = (document) => document.info.title.replace(/ API$/, '');

/** docs.md: the public API in Markdown. */
export function docsMarkdown(openApi) {
  const document = publicDocument(openApi);
  const productName = productNameOf(document);
  const operations = operationsOf(document);
  const sections = [
    `# ${document.info.title}`,
    '',
    document.info.description,
    '',
    `Base path: \`/api/v1\` on this site's origin. The OpenAPI document: \`/api/docs-json\`.`,
    '',
    mcpMarkdown(document, productName, operations),
    '## Operations',
    '',
    ...operations.map(operationMarkdown),
  ];
  return `${sections
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/** llms.txt: the index (a title, a summary, then sections of links). */
export function llmsIndex(openApi) {
  const document = publicDocument(openApi);
  const productName = productNameOf(document);
  const operations = operationsOf(document);
  const lines = [
    `# ${productName}`,
    '',
    `> Foreign-exchange, crypto and metal rates over a metered REST API (\`/api/v1\`, your key in \`X-API-Key\`) ` +
      `and an MCP server for AI agents (\`${MCP_PATH}\`). Rates are exact decimals; every answer names its sources ` +
      'and how fresh they are; errors are RFC 9457 problem+json with a stable `code`.',
    '',
    '## Docs',
    '',
    `- [API reference](/${DOCS_MARKDOWN_FILE}): authentication, errors and every public operation with its parameters and answers`,
    `- [Use from an AI agent (MCP)](/${DOCS_MARKDOWN_FILE}#${MCP_ANCHOR}): add the MCP server to a client; its tools`,
    '- [OpenAPI document](/api/docs-json): the whole API, machine-readable',
    '',
    '## Operations',
    '',
    ...operations.map(
      (entry) =>
        `- [${headingOf(entry)}](/${DOCS_MARKDOWN_FILE}#${anchorOf(headingOf(entry))}): ${entry.operation.summary}`,
    ),
    '',
    '## Optional',
    '',
    `- [Everything in one file](/${LLMS_FULL_FILE}): the API reference again, for tools that read one file`,
    '- [Postman collection](/downloads/fxrates-postman-collection.json): the public API as requests',
    '',
  ];
  return lines.join('\n');
}

/** Every file, by its name in the shell's build. */
export function llmsFiles(openApi) {
  const docs = docsMarkdown(openApi);
  return { [LLMS_INDEX_FILE]: llmsIndex(openApi), [DOCS_MARKDOWN_FILE]: docs, [LLMS_FULL_FILE]: docs };
}
