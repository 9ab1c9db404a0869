import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MCP_TOOLS } from '@fxrates/domain';
import { usePagePerTest } from '../support/browser';
import { e2eEnvironment } from '../support/e2e-environment';
import { given } from '../support/given';
import { waitForText } from '../support/texts';

const { baseUrl } = e2eEnvironment();

/**
 * /docs, "Use from an AI agent (MCP)": the server's URL and a client configuration to copy, which work
 * as shown (the official MCP client connects to that URL through the site's origin with a real key);
 * and the Markdown docs for agents (/llms.txt, /docs.md) served by the site.
 */
describe('the docs page for AI agents', () => {
  const opened = usePagePerTest();

  it('shows the MCP server URL and a client configuration to copy that connect as shown', async () => {
    const { page } = opened();
    await page.goto(`${baseUrl}/docs`);
    await waitForText(page.getByRole('heading', { level: 1 }), 'API Documentation');
    const heading = page.getByRole('heading', { name: 'Use from an AI agent (MCP)' });
    await heading.scrollIntoViewIfNeeded();
    expect(await heading.isVisible()).toBe(true);

    const url = await page.getByLabel('MCP server URL', { exact: true }).innerText();
    expect(url).toBe(`${baseUrl}/api/v1/mcp`);
    const vscode = JSON.parse(
      await page.getByLabel('VS Code MCP configuration', { exact: true }).innerText(),
    );
    expect(vscode.servers.fxrates).toMatchObject({ type: 'http', url });
    expect(await page.getByRole('button', { name: 'Copy VS Code MCP configuration' }).isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Cursor' }).click();
    const cursor = JSON.parse(await page.getByLabel('Cursor MCP configuration', { exact: true }).innerText());
    expect(cursor).toEqual({
      mcpServers: { fxrates: { url, headers: { 'X-API-Key': 'fxrates_YOUR_KEY' } } },
    });
    for (const { name } of MCP_TOOLS) expect(await page.getByText(name, { exact: true }).count()).toBe(1);

    // The configuration as the reader fills it in: the official client, through the site's origin.
    const { key } = await given.keyOnPlan();
    const client = new Client({ name: 'docs-reader', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(cursor.mcpServers.fxrates.url), {
        requestInit: { headers: { 'X-API-Key': key } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(MCP_TOOLS.map((tool) => tool.name));
      const converted = await client.callTool({
        name: 'fxrates_convert',
        arguments: { from: 'USD', to: 'EUR', amount: 100 },
      });
      expect(converted.isError).toBeUndefined();
      expect(converted.structuredContent).toMatchObject({ result: expect.stringMatching(/^\d+\.\d+$/) });
    } finally {
      await client.close();
    }
  });

  it('serves /llms.txt and the Markdown docs it links to, every public tool and operation in them', async () => {
    const index = await fetch(`${baseUrl}/llms.txt`);
    expect(index.status).toBe(200);
    const text = await index.text();
    expect(text).toMatch(/^# FXRates Pro\n\n> /);
    expect(text).toContain('(/docs.md#use-from-an-ai-agent-mcp)');
    const docs = await fetch(`${baseUrl}/docs.md`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/^text\/markdown/);
    const markdown = await docs.text();
    expect(markdown).toContain('## Use from an AI agent (MCP)');
    for (const { name, endpoint } of MCP_TOOLS) {
      expect(markdown).toContain(`| \`${name}\` | [${endpoint.replace(' ', ' /api/v1')}]`);
    }
    expect(await (await fetch(`${baseUrl}/llms-full.txt`)).text()).toBe(markdown);
  });
});
