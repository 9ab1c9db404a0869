/**
 * The MCP server of the public API (POST /api/v1/mcp): one tool per public read, each call made as
 * the REST call it stands for.
 */
export { McpModule } from './mcp.module';
export { MCP_PATH } from './mcp.openapi';
export { MCP_FIXED_QUERY, inputSchemaOf, toolParameters } from './mcp-tools';
