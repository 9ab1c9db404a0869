import { Anchor, Code, List, Stack, Tabs, Text, Title } from '@mantine/core';
import { MCP_TOOLS } from '@fxrates/domain';
import { useRuntimeConfig } from '@fxrates/web-kit';
import { CodeSample } from './CodeSample';
import { mcpClientConfigs, mcpServerUrl } from './mcp-client-config';

/**
 * /docs, "Use from an AI agent (MCP)": the MCP server's URL, how to add it to a client (a copyable
 * configuration per client), its tools, and how calls are counted.
 */
export function McpSection({ baseUrl, keyPrefix }: { baseUrl: string; keyPrefix: string }) {
  const { productName } = useRuntimeConfig();
  const configs = mcpClientConfigs(baseUrl, keyPrefix, productName);
  return (
    <Stack gap="xs" component="section" aria-labelledby="mcp">
      <Title order={2} fz="xl" id="mcp">
        Use from an AI agent (MCP)
      </Title>
      <Text>
        AI agents and assistants that speak the Model Context Protocol call the API as tools. Add this server
        to your MCP client with your API key in the <Code>X-API-Key</Code> header (or as{' '}
        <Code>Authorization: Bearer</Code>):
      </Text>
      <CodeSample label="MCP server URL" code={mcpServerUrl(baseUrl)} />
      <Tabs defaultValue={configs[0].id} keepMounted={false}>
        <Tabs.List>
          {configs.map(({ id, client }) => (
            <Tabs.Tab key={id} value={id}>
              {client}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {configs.map(({ id, client, where, code }) => (
          <Tabs.Panel key={id} value={id} pt="xs">
            <Text size="sm" mb={4}>
              In <Code>{where}</Code>:
            </Text>
            <CodeSample label={`${client} MCP configuration`} code={code} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <Text>
        Its tools, each one endpoint with the same parameters (less <Code>format</Code>: a tool answers JSON,
        never a CSV or NDJSON export):
      </Text>
      <List spacing={2} size="sm">
        {MCP_TOOLS.map(({ name, endpoint }) => (
          <List.Item key={name}>
            <Code>{name}</Code>: {endpoint}
          </List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        Numbers come as decimal strings and every answer names its sources. A tool call is one API call,
        counted and limited by your plan like the endpoint; a refused call comes back as an error result
        carrying the problem (<Code>code</Code> says why). Listing the tools is free. For agents that read
        documentation, this API is also in Markdown: <Anchor href="/llms.txt">/llms.txt</Anchor> and{' '}
        <Anchor href="/docs.md">/docs.md</Anchor>.
      </Text>
    </Stack>
  );
}
