import type { ConvertResponse, ExactConvertResponse, SessionResponse } from '@fxrates/domain';

/** Asks the API directly for a conversion, to compare the page's numbers with the server's. */
export async function convertViaApi(
  apiUrl: string,
  from: string,
  to: string,
  amount: string,
): Promise<ConvertResponse>;
/** With `numbers=string`: amount, rate and result as the server's exact decimal strings. */
export async function convertViaApi(
  apiUrl: string,
  from: string,
  to: string,
  amount: string,
  numbers: 'string',
): Promise<ExactConvertResponse>;
export async function convertViaApi(
  apiUrl: string,
  from: string,
  to: string,
  amount: string,
  numbers?: 'string',
): Promise<ConvertResponse | ExactConvertResponse> {
  const sessionResponse = await fetch(`${apiUrl}/api/auth/session`, { method: 'POST' });
  if (sessionResponse.status !== 201)
    throw new Error(`POST /api/auth/session answered ${sessionResponse.status}`);
  const { sessionToken } = (await sessionResponse.json()) as SessionResponse;
  const query = new URLSearchParams({ from, to, amount, ...(numbers ? { numbers } : {}) });
  const response = await fetch(`${apiUrl}/api/rates/convert?${query}`, {
    headers: { 'X-Session-Token': sessionToken },
  });
  if (response.status !== 200) throw new Error(`GET /api/rates/convert answered ${response.status}`);
  return (await response.json()) as ConvertResponse | ExactConvertResponse;
}
