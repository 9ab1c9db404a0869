import { mcpClientConfigs, mcpServerUrl } from './mcp-client-config';

describe('the MCP client configurations /docs shows', () => {
  const configs = mcpClientConfigs('https://fx.example/api/v1', 'fxrates_', 'FXRates Pro');

  it('points every client at the MCP endpoint below the public API', () => {
    expect(mcpServerUrl('https://fx.example/api/v1/')).toBe('https://fx.example/api/v1/mcp');
    for (const { client, code } of configs) {
      expect({ client, url: code.includes('https://fx.example/api/v1/mcp') }).toEqual({ client, url: true });
    }
  });

  it('gives VS Code a secret prompt for the key, never a key in the file', () => {
    const vscode = JSON.parse(configs.find((c) => c.client === 'VS Code')!.code);
    expect(vscode).toEqual({
      servers: {
        fxrates: {
          type: 'http',
          url: 'https://fx.example/api/v1/mcp',
          headers: { 'X-API-Key': '${input:fxrates-api-key}' },
        },
      },
      inputs: [
        { type: 'promptString', id: 'fxrates-api-key', description: 'FXRates Pro API key', password: true },
      ],
    });
  });

  it("sends the key in X-API-Key with the deployment's prefix", () => {
    const cursor = JSON.parse(configs.find((c) => c.client === 'Cursor')!.code);
    expect(cursor.mcpServers.fxrates.headers).toEqual({ 'X-API-Key': 'fxrates_YOUR_KEY' });
    expect(configs.find((c) => c.client === 'Claude Code')!.code).toBe(
      'claude mcp add --transport http fxrates https://fx.example/api/v1/mcp --header "X-API-Key: fxrates_YOUR_KEY"',
    );
    expect(mcpClientConfigs('https://a.example/api/v1', 'acme_', 'Acme')[1].code).toContain('acme_YOUR_KEY');
  });
});
