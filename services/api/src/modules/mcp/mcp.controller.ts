import { Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiExtension,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode, MCP_TOOLS } from '@fxrates/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppException } from '../../common/errors';
import { ApiProblems } from '../../common/openapi';
import { sendProblem } from '../../common/http';
import { ApiKeyResolver, presentedKey, SEND_YOUR_KEY } from '../keys';
import { PUBLIC_API_TAG } from '../public-api';
import { McpService } from './mcp.service';
import { JSON_RPC_MESSAGE, JSON_RPC_RESPONSE, MCP_PATH, MCP_SERVER_CARD } from './mcp.openapi';

/** The MCP protocol headers passed on to the transport. */
const PROTOCOL_HEADERS = ['mcp-protocol-version', 'last-event-id'];

/**
 * POST /api/v1/mcp: the Model Context Protocol over Streamable HTTP (stateless, JSON answers) for AI
 * agents, authenticated with an API key as X-API-Key or `Authorization: Bearer`. A client that opens
 * the server-to-client event stream (GET with Accept: text/event-stream) is told 405, as the protocol
 * asks of a server without one; any other GET is told how to connect.
 */
@ApiTags(PUBLIC_API_TAG)
@Controller('v1/mcp')
export class McpController {
  constructor(
    private readonly mcp: McpService,
    private readonly keys: ApiKeyResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiSecurity('apiKey')
  @ApiOperation({
    operationId: 'callMcp',
    summary: 'The MCP server for AI agents (Model Context Protocol, Streamable HTTP)',
    description:
      'One JSON-RPC message a POST, answered as JSON; no session. Your key goes in `X-API-Key` or as ' +
      '`Authorization: Bearer <key>`. `tools/list` lists one tool per public read ' +
      `(${MCP_TOOLS.map(({ name, operationId }) => `\`${name}\`: ${operationId}`).join(', ')}), ` +
      'each taking the query and path parameters of its GET operation; numbers come as ' +
      'decimal strings. A `tools/call` is that GET with your key: metered, scoped and gated by your plan exactly ' +
      'as it (one call each); the API refusing it is a result with `isError` carrying the RFC 9457 problem. ' +
      '`initialize` and `tools/list` are not metered. A body that is not a JSON-RPC message is 400 ' +
      '`validation-failed`, whose problem is also a JSON-RPC error response (`jsonrpc`, `id`, `error`).',
  })
  // Which tool is which operation: what the Markdown docs (scripts/llms-docs.mjs) list the tools from.
  @ApiExtension('x-mcp-tools', MCP_TOOLS.map(({ name, operationId }) => ({ name, operationId })))
  @ApiBody({ schema: JSON_RPC_MESSAGE })
  @ApiOkResponse({ description: 'The JSON-RPC response to the request', schema: JSON_RPC_RESPONSE })
  @ApiAcceptedResponse({ description: 'A notification or a response: accepted, nothing to answer' })
  @ApiProblems(ErrorCode.ValidationFailed, ErrorCode.MissingApiKey, ErrorCode.InvalidApiKey)
  async post(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const key = await this.authenticate(request);
    const headers: Record<string, string> = {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    };
    for (const name of PROTOCOL_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const origin = request.headers.origin;
    const userAgent = request.headers['user-agent'];
    const answer = await this.mcp.answer(request.body, headers, {
      key,
      address: request.ip,
      origin,
      userAgent,
      requestId: String(request.id),
    });
    if (answer.status >= 400) {
      // The transport's refusal (not a JSON-RPC message, a batch too large, an unknown protocol
      // version) as a problem that is also the JSON-RPC error it gave.
      const { error, id } = jsonRpcErrorOf(answer.body);
      const refusal = new AppException(ErrorCode.ValidationFailed, error.message);
      return sendProblem(refusal, request, reply, { jsonrpc: '2.0', id, error });
    }
    void reply.status(answer.status).header('cache-control', 'no-store');
    if (answer.status === 202 || !answer.body) return void reply.send();
    void reply.header('content-type', 'application/json').send(answer.body);
  }

  @Get()
  @ApiSecurity('apiKey')
  @ApiOperation({
    operationId: 'describeMcp',
    summary: 'How to connect to the MCP server; its event stream is not offered',
    description:
      "Answers with the server's name, transport, endpoint, authentication and tool names; your key as for " +
      'POST. A GET that asks for `text/event-stream` (an MCP client opening the server-to-client stream) is ' +
      '405 `method-not-allowed`: this server answers every request in its POST and has nothing to push.',
  })
  @ApiOkResponse({ description: 'How to connect', schema: MCP_SERVER_CARD })
  @ApiProblems(ErrorCode.MethodNotAllowed, ErrorCode.MissingApiKey, ErrorCode.InvalidApiKey)
  async describe(@Req() request: FastifyRequest): Promise<Record<string, unknown>> {
    await this.authenticate(request);
    if (request.headers.accept?.toLowerCase().includes('text/event-stream')) {
      throw new AppException(
        ErrorCode.MethodNotAllowed,
        'This MCP server offers no event stream: POST each JSON-RPC message to this URL.',
        undefined,
        { Allow: 'GET, POST' },
      );
    }
    return {
      name: this.config.product.name,
      transport: 'streamable-http',
      endpoint: MCP_PATH,
      authentication: 'X-API-Key: <your key>, or Authorization: Bearer <your key>',
      tools: this.mcp.tools.map((tool) => tool.name),
      documentation: '/docs.md',
    };
  }

  /** The key of the request, known to the API: else 401 with a Bearer challenge. */
  private async authenticate(request: FastifyRequest): Promise<string> {
    const key = this.keyOf(request);
    try {
      await this.keys.resolve(key, request.raw.socket);
    } catch (error) {
      this.refuse(error);
    }
    return key;
  }

  /** The key sent as X-API-Key or, failing that, as a Bearer token; 401 when neither is. */
  private keyOf(request: FastifyRequest): string {
    const key = presentedKey(request.headers);
    if (key) return key;
    throw new AppException(ErrorCode.MissingApiKey, SEND_YOUR_KEY, undefined, {
      'WWW-Authenticate': this.challenge(),
    });
  }

  /** An unknown key's 401 with its challenge (RFC 6750); anything else as it is. */
  private refuse(error: unknown): never {
    if (error instanceof AppException && error.status === 401) {
      throw new AppException(error.code, error.message, error.detail, {
        ...error.headers,
        'WWW-Authenticate': this.challenge('invalid_token'),
      });
    }
    throw error;
  }

  private challenge(error?: string): string {
    const realm = `Bearer realm="${this.config.product.name.replace(/["\\]/g, '')} API"`;
    return error ? `${realm}, error="${error}"` : realm;
  }
}

/** The JSON-RPC error of the transport's refusal (its body), with a fallback should it not be one. */
function jsonRpcErrorOf(body: string): { id: unknown; error: { code: number; message: string } } {
  try {
    const parsed = JSON.parse(body) as { id?: unknown; error?: { code?: unknown; message?: unknown } };
    if (typeof parsed.error?.code === 'number' && typeof parsed.error.message === 'string')
      return { id: parsed.id ?? null, error: { code: parsed.error.code, message: parsed.error.message } };
  } catch {
    // Not JSON: answered as an invalid request below.
  }
  return { id: null, error: { code: -32600, message: 'Invalid Request: not a JSON-RPC message' } };
}
