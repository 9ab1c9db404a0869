import type { SchemaObject } from '@nestjs/swagger';

/** The path of the MCP endpoint (Streamable HTTP), below the public API's prefix. */
export const MCP_PATH = '/api/v1/mcp';

const ID: SchemaObject = {
  oneOf: [{ type: 'string' }, { type: 'integer' }],
  description: 'The request id, echoed by its response; absent in a notification',
  example: 1,
};

/** A JSON-RPC 2.0 request or notification, as MCP sends them (one a POST). */
export const JSON_RPC_MESSAGE: SchemaObject = {
  type: 'object',
  description:
    'A JSON-RPC 2.0 message of the Model Context Protocol: `initialize`, `tools/list`, `tools/call`, `ping`, or a notification (no `id`)',
  required: ['jsonrpc', 'method'],
  properties: {
    jsonrpc: { type: 'string', enum: ['2.0'] },
    id: ID,
    method: { type: 'string', example: 'tools/call' },
    params: {
      type: 'object',
      description:
        'The method\'s parameters, e.g. `{"name":"fxrates_convert","arguments":{"from":"USD","to":"EUR","amount":100}}`',
      additionalProperties: true,
      example: { name: 'fxrates_convert', arguments: { from: 'USD', to: 'EUR', amount: 100 } },
    },
  },
};

/** A JSON-RPC 2.0 response: a result, or a protocol error (an unknown method or tool, bad parameters). */
export const JSON_RPC_RESPONSE: SchemaObject = {
  type: 'object',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { type: 'string', enum: ['2.0'] },
    id: ID,
    result: {
      type: 'object',
      description:
        "The method's result. Of `tools/call`: `content` (the REST answer's JSON as text), `structuredContent` (the same object), `isError` when the API refused the call (the text is then its RFC 9457 problem) and `_meta` (the REST call's request id and rate-limit headers)",
      additionalProperties: true,
    },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'integer', example: -32602 },
        message: { type: 'string', example: 'Unknown tool: fxrates_nothing' },
      },
    },
  },
};

/** What GET answers a client that does not ask for an event stream: how to connect. */
export const MCP_SERVER_CARD: SchemaObject = {
  type: 'object',
  required: ['name', 'transport', 'endpoint', 'authentication', 'tools'],
  properties: {
    name: { type: 'string', example: 'FXRates Pro' },
    transport: { type: 'string', enum: ['streamable-http'] },
    endpoint: { type: 'string', example: MCP_PATH },
    authentication: {
      type: 'string',
      example: 'X-API-Key: <your key>, or Authorization: Bearer <your key>',
    },
    tools: {
      type: 'array',
      items: { type: 'string' },
      example: ['fxrates_latest', 'fxrates_convert'],
      description: 'The tools tools/list describes',
    },
    documentation: { type: 'string', example: '/docs.md', description: 'The API in Markdown, MCP included' },
  },
};
