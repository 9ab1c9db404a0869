import { CONVERT_RETRY_LIMIT, type ExactConvertResponse, type MetalUnit } from '@fxrates/domain';
import { isApiError, type ApiClient, type AnonymousSession } from '@fxrates/web-kit';

export interface ConversionRequest {
  from: string;
  to: string;
  amount: string;
  /** Only for a pair with a metal side. */
  unit?: MetalUnit;
}

export interface ConversionServices {
  client: ApiClient;
  session: AnonymousSession;
}

const RETRY_DELAY_MS = 300;

function wait(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * GET /rates/convert?numbers=string with the anonymous session: up to 2 retries on transient
 * failures; a 401 creates a new session and retries once. Rejects with the last error.
 */
export async function convertCurrency(
  { client, session }: ConversionServices,
  request: ConversionRequest,
  signal?: AbortSignal,
): Promise<ExactConvertResponse> {
  let renewedSession = false;
  let lastError: unknown;
  for (let attempt = 0; attempt <= CONVERT_RETRY_LIMIT; attempt += 1) {
    if (attempt > 0) await wait(RETRY_DELAY_MS * attempt, signal);
    try {
      // numbers=string: the result's every digit, which JSON.parse would round in a large number.
      return await client.get<ExactConvertResponse>('/rates/convert', {
        query: {
          from: request.from,
          to: request.to,
          amount: request.amount,
          numbers: 'string',
          ...(request.unit ? { unit: request.unit } : {}),
        },
        headers: await session.headers(),
        signal,
      });
    } catch (error) {
      lastError = error;
      if (!isApiError(error)) throw error;
      if (error.isUnauthorized) {
        if (renewedSession) break;
        session.clear();
        renewedSession = true;
        continue;
      }
      if (!error.isTransient) break;
    }
  }
  throw lastError;
}
