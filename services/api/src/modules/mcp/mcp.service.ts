import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode as JsonRpcErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { documentRoutes } from '../../common/openapi';
import { documentedPublicRoute, PublicApiRoutes } from '../public-api';
import { STATUS_ROUTE } from '../status';
import { McpToolCalls, type McpCaller } from './mcp-tool-calls';
import { mcpToolsOf, type McpTool } from './mcp-tools';

/** What the MCP server says of itself in `initialize`. */
const SERVER_VERSION = '1.0.0';

/** Every tool reads: nothing changes anywhere, and it reads only this API. */
const ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** The answer of the transport to one POST: status, headers and body, for Fastify to send. */
export interface McpHttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The MCP server of the public API (Streamable HTTP, stateless: one server and transport per POST,
 * no session, JSON answers), so any instance answers any request. Its tools are the public GET
 * operations of MCP_TOOLS, read from the same route schemas the OpenAPI document is
 * generated from; a tool call is the REST call (McpToolCalls). `initialize` and `tools/list` call
 * nothing and are not metered.
 */
@Injectable()
export class McpService {
  readonly tools: readonly McpTool[];
  private readonly byName: ReadonlyMap<string, McpTool>;
  private readonly listed: Tool[];

  constructor(
    routes: PublicApiRoutes,
    private readonly calls: McpToolCalls,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tools = mcpToolsOf(documentRoutes([...routes.routes.map(documentedPublicRoute), STATUS_ROUTE]));
    this.byName = new Map(this.tools.map((tool) => [tool.name, tool]));
    this.listed = this.tools.map(({ name, title, description, inputSchema }) => ({
      name,
      title,
      description,
      inputSchema,
      annotations: { title, ...ANNOTATIONS },
    }));
  }

  /** Answers one POSTed JSON-RPC message (or batch), already parsed, for `caller`. */
  async answer(body: unknown, headers: Record<string, string>, caller: McpCaller): Promise<McpHttpAnswer> {
    const server = this.serverFor(caller);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      const request = new Request('http://mcp.invalid/api/v1/mcp', { method: 'POST', headers });
      const response = await transport.handleRequest(request, { parsedBody: body });
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers.entries()),
        body: await response.text(),
      };
    } finally {
      await server.close();
    }
  }

  private serverFor(caller: McpCaller): Server {
    const server = new Server(
      { name: this.config.product.name, version: SERVER_VERSION },
      {
        capabilities: { tools: { listChanged: false } },
        instructions:
          `Exchange rates from ${this.config.product.name}. Numbers are decimal strings (every digit); every ` +
          'answer says where its rates come from (source, date, timestamp, stale). A refused call is a result ' +
          'with isError whose text is the RFC 9457 problem (its `code` says why). Each tool call is one API ' +
          'call, metered against your plan like the REST endpoint it stands for.',
      },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.listed }));
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      const tool = this.byName.get(request.params.name);
      if (!tool) throw new McpError(JsonRpcErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
      return this.calls.call(tool, request.params.arguments ?? {}, caller);
    });
    return server;
  }
}
