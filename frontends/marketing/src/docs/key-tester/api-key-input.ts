export const LEGACY_KEY_PREFIX = 'fxpro_';

/**
 * What the key field holds after an edit: a legacy `fxpro_` prefix is replaced by ours, and a bare
 * key (letters and digits only) gets our prefix. Anything else is left for validation to judge.
 */
export function normalizeApiKeyInput(raw: string, prefix: string): string {
  const value = raw.trim();
  if (value === '') return '';
  if (value.startsWith(LEGACY_KEY_PREFIX)) return `${prefix}${value.slice(LEGACY_KEY_PREFIX.length)}`;
  if (value.startsWith(prefix)) return value;
  if (/^[A-Za-z0-9]+$/.test(value) && !prefix.startsWith(value)) return `${prefix}${value}`;
  return value;
}

export function hasKeyPrefix(key: string, prefix: string): boolean {
  return key.startsWith(prefix) && key.length > prefix.length;
}

/** The key as the request preview shows it: prefix and last 4 only. */
export function maskApiKey(key: string, prefix: string): string {
  if (!key.startsWith(prefix) || key.length <= prefix.length + 4) return `${prefix}••••`;
  return `${prefix}${'•'.repeat(8)}${key.slice(-4)}`;
}
