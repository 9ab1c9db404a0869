import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { REQUEST_ID_HEADER } from '@fxrates/domain';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { problemAnswer } from '../../common/http';
import { targetOf, type McpTool } from './mcp-tools';

/** Who calls a tool: the key they authenticated the MCP request with, and where they are. */
export interface McpCaller {
  /** The API key, as sent in X-API-Key or as the Bearer token. */
  key: string;
  /** The client's address as the API sees it (TRUST_PROXY decides): what a key's networks are checked against. */
  address: string;
  /** The page's origin, for a publishable key (checked against its origins as over REST). */
  origin?: string;
  userAgent?: string;
  /** The MCP request's id: the REST call's id is derived from it, so the two are found together in the log. */
  requestId: string;
}

/** The rate-limit headers a metered answer carries: returned to the agent in the result's `_meta`. */
const RATE_LIMIT_HEADERS = [
  'ratelimit-policy',
  'ratelimit',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

/** Namespaces this API's members of a result's `_meta` (MCP's `prefix/name` keys). */
const META_PREFIX = 'fxrates.example';

/**
 * Runs a tool call as the REST call it stands for, through the API's own HTTP stack (Fastify's
 * in-process `inject`, no socket): the same key resolution, scopes, networks, plan gate, handler,
 * numbers and metering as GET over the network, by construction. Each tool call is exactly one such
 * call, so it is metered (or not: currencies, status, usage) exactly as that endpoint is.
 */
@Injectable()
export class McpToolCalls {
  private sequence = 0;

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  async call(tool: McpTool, args: Record<string, unknown>, caller: McpCaller): Promise<CallToolResult> {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const url = targetOf(tool, args);
    const requestId = `${caller.requestId}.${++this.sequence % 1_000_000}`;
    let status: number;
    let headers: Record<string, string | string[] | number | undefined>;
    let body: string;
    try {
      const response = await fastify.inject({
        method: 'GET',
        url,
        remoteAddress: caller.address,
        headers: {
          'x-api-key': caller.key,
          accept: 'application/json',
          [REQUEST_ID_HEADER.toLowerCase()]: requestId,
          ...(caller.origin !== undefined ? { origin: caller.origin } : {}),
          ...(caller.userAgent !== undefined ? { 'user-agent': caller.userAgent } : {}),
        },
      });
      ({ statusCode: status, headers, body } = response);
    } catch (error) {
      // Never expected (inject answers every error as a problem); said as one all the same.
      const answer = problemAnswer(error, { method: 'GET', url, id: requestId });
      ({ status, headers, body } = { ...answer, body: String(answer.body) });
    }
    const meta: Record<string, unknown> = { [`${META_PREFIX}/requestId`]: requestId };
    const limits = Object.fromEntries(
      RATE_LIMIT_HEADERS.filter((name) => headers[name] !== undefined).map((name) => [
        name,
        String(headers[name]),
      ]),
    );
    if (Object.keys(limits).length) meta[`${META_PREFIX}/rateLimit`] = limits;
    const structured = objectOf(body);
    return {
      content: [{ type: 'text', text: body }],
      ...(structured ? { structuredContent: structured } : {}),
      ...(status >= 400 ? { isError: true } : {}),
      _meta: meta,
    };
  }
}

/** The JSON object a body holds, or undefined (a body that is not one stays text only). */
function objectOf(body: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined; // Not JSON: the text content carries it as it is.
  }
}
