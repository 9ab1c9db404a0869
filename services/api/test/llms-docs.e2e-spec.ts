import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MCP_TOOLS } from '@fxrates/domain';
import { previewOpenApiDocument } from '../src/openapi-preview';

const ROOT = path.resolve(__dirname, '../../..');
const run = promisify(execFile);
/** Node starting on a 400 KB document: seconds on a busy 2-core machine. */
const GENERATE_TIMEOUT_MS = 60_000;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface Operation {
  operationId: string;
  summary: string;
  security?: Record<string, string[]>[];
  tags?: string[];
  parameters?: { name: string; in: string }[];
}

/**
 * /llms.txt, /docs.md and /llms-full.txt (scripts/llms-docs.mjs, written at build time by
 * scripts/build-downloads.mjs) made from the document the API serves (built here without a database):
 * llms.txt in the llmstxt.org shape, every public operation (keyed or keyless, the MCP server's
 * included) in both with its parameters, every MCP tool with its operation, and none of the app's own
 * routes.
 */
describe('the Markdown docs for people and language models', () => {
  let dir: string;
  let files: Record<string, string>;
  let publicOperations: { heading: string; operation: Operation }[];
  let privateOperations: string[];

  beforeAll(async () => {
    const document = JSON.parse(JSON.stringify(await previewOpenApiDocument())) as {
      paths: Record<string, Record<string, Operation>>;
    };
    publicOperations = [];
    privateOperations = [];
    for (const [route, item] of Object.entries(document.paths)) {
      for (const method of METHODS.filter((m) => item[m])) {
        const operation = item[method];
        const keyed = (operation.security ?? []).some((requirement) => 'apiKey' in requirement);
        const heading = `${method.toUpperCase()} ${route}`;
        if (keyed || operation.tags?.includes('status')) publicOperations.push({ heading, operation });
        else privateOperations.push(heading);
      }
    }
    dir = await mkdtemp(path.join(tmpdir(), 'fxrates-llms-'));
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const { stdout } = await run(process.execPath, [
      '--input-type=module',
      '-e',
      `const { llmsFiles } = await import(${JSON.stringify(path.join(ROOT, 'scripts/llms-docs.mjs'))});
       const fs = await import('node:fs');
       process.stdout.write(JSON.stringify(llmsFiles(JSON.parse(fs.readFileSync(${JSON.stringify(file)}, 'utf8')))));`,
    ]);
    files = JSON.parse(stdout) as Record<string, string>;
  }, GENERATE_TIMEOUT_MS);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes llms.txt as llmstxt.org shapes it: a title, a summary, then sections of links', () => {
    const lines = files['llms.txt'].split('\n');
    expect(lines[0]).toBe('# FXRates Pro');
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^> .*MCP server.*\/api\/v1\/mcp/);
    const body = lines.slice(3).filter((line) => line !== '');
    for (const line of body) expect(line).toMatch(/^## \w|^- \[[^\]]+\]\(\/[^)\s]*\)(: .+)?$/);
    expect(body.filter((line) => line.startsWith('## '))).toEqual([
      '## Docs',
      '## Operations',
      '## Optional',
    ]);
    expect(files['llms.txt']).toContain('- [Use from an AI agent (MCP)](/docs.md#use-from-an-ai-agent-mcp)');
  });

  it('documents every public operation with its parameters, and nothing of the app', () => {
    const docs = files['docs.md'];
    expect(publicOperations.length).toBeGreaterThan(12);
    expect(publicOperations.map(({ heading }) => heading)).toEqual(
      expect.arrayContaining(['POST /api/v1/mcp', 'GET /api/v1/rates/latest', 'GET /api/v1/status']),
    );
    for (const { heading, operation } of publicOperations) {
      expect(docs).toContain(`\n### ${heading}\n`);
      expect(docs).toContain(`**${operation.summary}** (\`${operation.operationId}\`)`);
      for (const parameter of (operation.parameters ?? []).filter((p) => p.in !== 'header'))
        expect({ heading, found: docs.includes(`| \`${parameter.name}\` | ${parameter.in} |`) }).toEqual({
          heading,
          found: true,
        });
      const anchor = heading
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .replace(/ /g, '-');
      expect(files['llms.txt']).toContain(`- [${heading}](/docs.md#${anchor}): ${operation.summary}`);
    }
    expect(privateOperations).toEqual(expect.arrayContaining(['POST /api/auth/login', 'GET /api/keys']));
    for (const heading of privateOperations) expect(docs).not.toContain(`### ${heading}\n`);
    expect(files['llms-full.txt']).toBe(docs);
  });

  it('shows how to add the MCP server to a client, and each tool with its operation', () => {
    const docs = files['docs.md'];
    const section = docs.slice(docs.indexOf('## Use from an AI agent (MCP)'), docs.indexOf('## Operations'));
    expect(section).toContain('"url": "https://YOUR-FXRATES-HOST/api/v1/mcp"');
    expect(section).toContain('"X-API-Key": "${input:fxrates-api-key}"');
    expect(section).toContain(
      'claude mcp add --transport http fxrates https://YOUR-FXRATES-HOST/api/v1/mcp --header "X-API-Key: YOUR_API_KEY"',
    );
    for (const { name, endpoint } of MCP_TOOLS) {
      const heading = endpoint.replace(' ', ' /api/v1');
      expect(section).toContain(`| \`${name}\` | [${heading}](#`);
    }
  });
});
