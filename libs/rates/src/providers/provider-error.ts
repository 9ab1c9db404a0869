import type { ProviderId } from './provider';

export type ProviderFailure = 'timeout' | 'network' | 'http' | 'rate-limited' | 'auth' | 'malformed';

/** A provider's whole answer was unusable; the details say why and how long it asked us to wait. */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderId,
    readonly failure: ProviderFailure,
    message: string,
    readonly details: { status?: number; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
