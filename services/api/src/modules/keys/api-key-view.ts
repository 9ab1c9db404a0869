import type { ApiKey } from '@fxrates/db';
import type { ApiKeyView } from '@fxrates/domain';

/** 32 hidden characters stand for the random part, whatever its length. */
const MASK = '•'.repeat(28);

export function maskedKey(prefix: string, last4: string): string {
  return `${prefix}${MASK}${last4}`;
}

/** The key as its owner sees it; a previous secret whose overlap has ended is no longer mentioned. */
export function toApiKeyView(key: ApiKey, now = Date.now()): ApiKeyView {
  const retiring =
    key.previousRetiresAt && key.previousKeyLast4 && key.previousRetiresAt.getTime() > now
      ? {
          maskedKey: maskedKey(key.keyPrefix, key.previousKeyLast4),
          retiresAt: key.previousRetiresAt.toISOString(),
        }
      : null;
  return {
    id: key.id,
    name: key.name,
    kind: key.kind,
    maskedKey: maskedKey(key.keyPrefix, key.keyLast4),
    status: key.status,
    createdAt: key.createdAt.toISOString(),
    disabledAt: key.disabledAt?.toISOString() ?? null,
    totalRequests: Number(key.totalRequests),
    lastUsed: key.lastUsedAt?.toISOString() ?? null,
    scopes: key.scopes,
    allowedNetworks: key.allowedNetworks,
    allowedOrigins: key.allowedOrigins,
    monthlyCap: key.monthlyCap === null ? null : Number(key.monthlyCap),
    expiresAt: key.expiresAt?.toISOString() ?? null,
    retiring,
  };
}
