import type { ApiKey } from '@fxrates/db';
import type { ApiKeyView } from '@fxrates/domain';

/** 32 hidden characters stand for the random part, whatever its length. */
const MASK = '•'.repeat(28);

export function maskedKey(prefix: string, last4: string): string {
  return `${prefix}${MASK}${last4}`;
}

export function toApiKeyView(key: ApiKey): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    maskedKey: maskedKey(key.keyPrefix, key.keyLast4),
    status: key.status,
    createdAt: key.createdAt.toISOString(),
    disabledAt: key.disabledAt?.toISOString() ?? null,
    totalRequests: Number(key.totalRequests),
    lastUsed: key.lastUsedAt?.toISOString() ?? null,
  };
}
