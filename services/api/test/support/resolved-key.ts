import { API_KEY_SCOPES, type ApiKeyScope } from '@fxrates/domain';
import type { ResolvedKey } from '../../src/modules/keys';

/** A key as the resolver hands it to metering: a secret key with every scope and no restriction. */
export function resolvedKey(
  fields: Pick<ResolvedKey, 'keyId' | 'userId' | 'plan'> & Partial<ResolvedKey>,
): ResolvedKey {
  return {
    status: 'active',
    kind: 'secret',
    scopes: new Set<ApiKeyScope>(API_KEY_SCOPES),
    networks: null,
    origins: new Set(),
    monthlyCap: null,
    expiresAt: null,
    retiresAt: null,
    ...fields,
  };
}
