import type { UsageBreakdown } from '@fxrates/domain';
import { ApiError, parseProblem, type ApiClient } from '@fxrates/web-kit';
import type { UsageRange } from './usage-range';

/** The API's calls, below its base URL. */
export const USAGE_BREAKDOWN_API = {
  json: '/usage/breakdown',
  csv: '/usage/breakdown.csv',
} as const;

export function loadUsageBreakdown(
  client: ApiClient,
  range: UsageRange,
  signal?: AbortSignal,
): Promise<UsageBreakdown> {
  return client.get<UsageBreakdown>(USAGE_BREAKDOWN_API.json, { query: { ...range }, signal });
}

/** The URL of the period's CSV, under the API's base URL. */
export function usageCsvUrl(apiBaseUrl: string, range: UsageRange): string {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return `${apiBaseUrl.replace(/\/+$/, '')}${USAGE_BREAKDOWN_API.csv}?${query}`;
}

/**
 * The file name the API gives the download (Content-Disposition's `filename`), else one that
 * names the period as the API's does.
 */
export function csvFileName(contentDisposition: string | null, range: UsageRange): string {
  const quoted = /filename="([^"]+)"/i.exec(contentDisposition ?? '');
  const bare = /filename=([^;\s]+)/i.exec(contentDisposition ?? '');
  return quoted?.[1] ?? bare?.[1] ?? `fxrates-usage-${range.from}-to-${range.to}.csv`;
}

/**
 * The period's CSV as the API writes it. Fetched directly, with the signed-in user's token: the
 * API client reads JSON answers only. A refusal comes back as the client's ApiError would.
 */
export async function fetchUsageCsv(
  apiBaseUrl: string,
  accessToken: string | null,
  range: UsageRange,
): Promise<{ name: string; file: Blob }> {
  const headers: Record<string, string> = { Accept: 'text/csv, application/problem+json' };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  let response: Response;
  try {
    response = await fetch(usageCsvUrl(apiBaseUrl, range), { headers, credentials: 'same-origin' });
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ApiError({ status: 0, code: 'network-error', message: `Network error: ${reason}` });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const problem = parseProblem(body, response.status);
    throw new ApiError({
      status: response.status,
      code: problem?.code ?? 'http-error',
      message: problem?.message || `Request failed with HTTP ${response.status}`,
      problem,
    });
  }
  return {
    name: csvFileName(response.headers.get('Content-Disposition'), range),
    file: await response.blob(),
  };
}
