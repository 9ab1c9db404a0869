/**
 * What /docs shows for adding the MCP server to an AI agent: the server's URL and each client's
 * configuration, with the key as a placeholder the reader replaces (or, in VS Code, types once into a
 * secret prompt). The same snippets as the Markdown docs (scripts/llms-docs.mjs).
 */

/** The MCP endpoint below the public API's base ("https://x.example/api/v1" → ".../api/v1/mcp"). */
export function mcpServerUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/mcp`;
}

/** The key placeholder a snippet shows, e.g. "fxrates_YOUR_KEY". */
export const keyPlaceholder = (keyPrefix: string) => `${keyPrefix}YOUR_KEY`;

export interface McpClientConfig {
  /** The tab's value: a slug, as Mantine makes element ids of it (no spaces). */
  id: string;
  /** The tab label: the client. */
  client: string;
  /** Where the text goes. */
  where: string;
  code: string;
}

/** VS Code's `.vscode/mcp.json`, asking for the key in a password prompt instead of storing it in the file. */
function vscode(url: string, productName: string): string {
  const config = {
    servers: { fxrates: { type: 'http', url, headers: { 'X-API-Key': '${input:fxrates-api-key}' } } },
    inputs: [
      { type: 'promptString', id: 'fxrates-api-key', description: `${productName} API key`, password: true },
    ],
  };
  return JSON.stringify(config, null, 2);
}

/** Clients configured with a URL and headers under `mcpServers` (Cursor, Windsurf and others). */
function mcpServers(url: string, keyPrefix: string): string {
  return JSON.stringify(
    { mcpServers: { fxrates: { url, headers: { 'X-API-Key': keyPlaceholder(keyPrefix) } } } },
    null,
    2,
  );
}

/** Each client's configuration for the server at `baseUrl`'s MCP endpoint. */
export function mcpClientConfigs(baseUrl: string, keyPrefix: string, productName: string): McpClientConfig[] {
  const url = mcpServerUrl(baseUrl);
  return [
    { id: 'vscode', client: 'VS Code', where: '.vscode/mcp.json', code: vscode(url, productName) },
    { id: 'cursor', client: 'Cursor', where: '~/.cursor/mcp.json', code: mcpServers(url, keyPrefix) },
    {
      id: 'claude-code',
      client: 'Claude Code',
      where: 'a terminal',
      code: `claude mcp add --transport http fxrates ${url} --header "X-API-Key: ${keyPlaceholder(keyPrefix)}"`,
    },
  ];
}
