/**
 * The tools of the MCP server (POST /api/v1/mcp): one per public read, by the OpenAPI operation it
 * stands for and that operation's method and path below /api/v1. The API reads each tool's description
 * and input schema from the operation; the docs page lists the tools from here.
 */
export interface McpToolDefinition {
  name: string;
  operationId: string;
  /** "GET /rates/latest": the operation's method and path below /api/v1. */
  endpoint: string;
}

export const MCP_TOOLS: readonly McpToolDefinition[] = [
  { name: 'fxrates_latest', operationId: 'getLatestRates', endpoint: 'GET /rates/latest' },
  { name: 'fxrates_rate', operationId: 'getRate', endpoint: 'GET /rates/rate' },
  { name: 'fxrates_convert', operationId: 'convert', endpoint: 'GET /convert' },
  { name: 'fxrates_historical', operationId: 'getHistoricalRates', endpoint: 'GET /rates/historical/{date}' },
  { name: 'fxrates_timeseries', operationId: 'getTimeSeries', endpoint: 'GET /rates/timeseries' },
  { name: 'fxrates_fluctuation', operationId: 'getFluctuation', endpoint: 'GET /rates/fluctuation' },
  { name: 'fxrates_average', operationId: 'getRateAverage', endpoint: 'GET /rates/average' },
  { name: 'fxrates_ohlc', operationId: 'getOhlc', endpoint: 'GET /rates/ohlc' },
  { name: 'fxrates_fixings', operationId: 'listFixings', endpoint: 'GET /fixings' },
  { name: 'fxrates_fixing', operationId: 'getFixing', endpoint: 'GET /fixings/{cut}/{date}' },
  { name: 'fxrates_signed_fixing', operationId: 'getSignedFixing', endpoint: 'GET /fixings/{id}' },
  { name: 'fxrates_verify_fixing', operationId: 'verifyFixing', endpoint: 'GET /fixings/{id}/verify' },
  { name: 'fxrates_currencies', operationId: 'listCurrencies', endpoint: 'GET /currencies' },
  { name: 'fxrates_status', operationId: 'getStatus', endpoint: 'GET /status' },
  { name: 'fxrates_usage', operationId: 'getQuotaUsage', endpoint: 'GET /usage' },
];
