import type { OperationObject, ParameterObject, SchemaObject } from '@nestjs/swagger';
import { MCP_TOOLS } from '@fxrates/domain';
import type { RoutesDocument } from '../../common/openapi';

/**
 * Query parameters a tool sets itself rather than taking: numbers as decimal strings (every digit,
 * whatever the agent's JSON parser does with numbers), and a time series or bars as JSON (a tool
 * answers JSON: no CSV/NDJSON export, whatever `format` an agent sends).
 * Headers (If-None-Match, Last-Event-ID) are HTTP's business, never a tool's argument.
 */
export const MCP_FIXED_QUERY: Readonly<Record<string, string>> = { numbers: 'string', format: 'json' };

/** What a tool's JSON Schema for its arguments looks like (MCP `Tool.inputSchema`). */
export interface ToolInputSchema {
  type: 'object';
  properties: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties: false;
  [keyword: string]: unknown;
}

/** One tool: what tools/list shows, and the GET it stands for. */
export interface McpTool {
  name: string;
  operationId: string;
  /** The path in OpenAPI's spelling (`/api/v1/rates/historical/{date}`). */
  path: string;
  title: string;
  description: string;
  inputSchema: ToolInputSchema;
  /** Which arguments go in the path; the others go in the query. */
  pathParameters: readonly string[];
  /** The fixed query parameters (MCP_FIXED_QUERY) this operation has. */
  fixedQuery: Readonly<Record<string, string>>;
}

/** The arguments a tool takes: an operation's query and path parameters, less the fixed ones. */
export function toolParameters(operation: OperationObject): ParameterObject[] {
  return ((operation.parameters ?? []) as ParameterObject[]).filter(
    (parameter) =>
      (parameter.in === 'query' || parameter.in === 'path') && !(parameter.name in MCP_FIXED_QUERY),
  );
}

/** A tool's input schema: each parameter's own schema, with the parameter's description. */
export function inputSchemaOf(operation: OperationObject): ToolInputSchema {
  const parameters = toolParameters(operation);
  const properties = Object.fromEntries(
    parameters.map((parameter) => [
      parameter.name,
      { ...(parameter.schema as SchemaObject), description: parameter.description },
    ]),
  );
  const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

/**
 * The tools of MCP_TOOLS (libs/domain, which the docs page lists too), one per public operation, read
 * from the generated OpenAPI paths of the public routes: a tool's description, input schema and call
 * come from its operation, so the tools and the REST API cannot drift apart.
 */
export function mcpToolsOf(document: RoutesDocument): McpTool[] {
  const operations = new Map<string, { path: string; operation: OperationObject }>();
  for (const [path, item] of Object.entries(document.paths)) {
    const operation = item.get;
    if (operation?.operationId) operations.set(operation.operationId, { path, operation });
  }
  return MCP_TOOLS.map(({ name, operationId }) => {
    const found = operations.get(operationId);
    if (!found) throw new Error(`MCP tool ${name}: no GET operation ${operationId}`);
    const { path, operation } = found;
    const parameters = (operation.parameters ?? []) as ParameterObject[];
    const summary = operation.summary ?? operationId;
    return {
      name,
      operationId,
      path,
      title: summary,
      description: operation.description ? `${summary}.\n\n${operation.description}` : summary,
      inputSchema: inputSchemaOf(operation),
      pathParameters: parameters.filter((p) => p.in === 'path').map((p) => p.name),
      fixedQuery: Object.fromEntries(
        parameters
          .filter((p) => p.in === 'query' && p.name in MCP_FIXED_QUERY)
          .map((p) => [p.name, MCP_FIXED_QUERY[p.name]]),
      ),
    };
  });
}

/**
 * The request target of a tool call with `args`: path parameters put in the path, the others in the
 * query (a list comma-separated, as the API reads `symbols`), the fixed ones last. An argument the
 * operation does not take is sent as it is, so the API refuses it as it refuses it over REST.
 */
export function targetOf(tool: McpTool, args: Record<string, unknown>): string {
  let path = tool.path;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.map(String).join(',') : textOf(value);
    if (tool.pathParameters.includes(name)) path = path.replace(`{${name}}`, encodeURIComponent(text));
    else query.append(name, text);
  }
  for (const name of tool.pathParameters) path = path.replace(`{${name}}`, '');
  for (const [name, value] of Object.entries(tool.fixedQuery)) query.set(name, value);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** An argument as query text: an object as its JSON (which no parameter accepts: a 400, as over REST). */
function textOf(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
}
