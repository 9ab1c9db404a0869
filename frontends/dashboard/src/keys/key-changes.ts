import type { ApiKeyView, UpdateApiKeyRequest } from '@fxrates/domain';
import { expiresAtOf, utcDayOf } from './key-dates';
import { capOf, orderedScopes, type KeyFormValues } from './key-form';
import { linesOf, originsOf } from './restriction-lines';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * The body of PATCH /api/keys/{id}: each field that differs from the key, and nothing else (a list
 * only reordered, or a name only given spaces around it, is not a change). A cleared cap or expiry
 * is sent as null, which removes it. Origins are a publishable key's only.
 */
export function keyChanges(key: ApiKeyView, values: KeyFormValues): UpdateApiKeyRequest {
  const changes: UpdateApiKeyRequest = {};
  const name = values.name.trim();
  if (name !== key.name) changes.name = name;
  const scopes = orderedScopes(key.kind, values.scopes);
  if (!sameSet(scopes, key.scopes)) changes.scopes = scopes;
  const networks = linesOf(values.networks);
  if (!sameSet(networks, key.allowedNetworks)) changes.allowedNetworks = networks;
  if (key.kind === 'publishable') {
    const origins = originsOf(values.origins);
    if (!sameSet(origins, key.allowedOrigins)) changes.allowedOrigins = origins;
  }
  const cap = capOf(values.monthlyCap);
  if (cap !== key.monthlyCap) changes.monthlyCap = cap;
  if (values.expiresOn !== (key.expiresAt ? utcDayOf(key.expiresAt) : ''))
    changes.expiresAt = expiresAtOf(values.expiresOn);
  return changes;
}

export function hasChanges(changes: UpdateApiKeyRequest): boolean {
  return Object.keys(changes).length > 0;
}
