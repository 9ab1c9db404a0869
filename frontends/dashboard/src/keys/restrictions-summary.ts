import {
  API_KEY_SCOPES,
  type ApiKeyRestrictions,
  type ApiKeyScope,
  type RetiringSecret,
} from '@fxrates/domain';
import { formatCount } from '@fxrates/web-kit';
import { formatKeyInstant } from './key-dates';

/** Entries a table cell lists before it counts the rest ("and 3 more"). */
const LISTED = 2;

function listed(label: string, entries: readonly string[]): string {
  const shown = entries.slice(0, LISTED).join(', ');
  const rest = entries.length - LISTED;
  return rest > 0 ? `${label}: ${shown} and ${rest} more` : `${label}: ${shown}`;
}

/** A key's scopes in a table cell: "All scopes" when it holds every one, else each, in the API's order. */
export function scopesSummary(scopes: readonly ApiKeyScope[]): string {
  const held = API_KEY_SCOPES.filter((scope) => scopes.includes(scope));
  if (held.length === API_KEY_SCOPES.length) return 'All scopes';
  return held.length === 0 ? 'No scopes' : held.join(', ');
}

/**
 * What limits a key beyond its plan and scopes, one line each, for the keys table: the networks and
 * origins it answers, its monthly cap and its expiry ("Expired" once past `now`).
 */
export function restrictionsSummary(
  key: Pick<ApiKeyRestrictions, 'allowedNetworks' | 'allowedOrigins' | 'monthlyCap' | 'expiresAt'>,
  now: Date,
): string[] {
  const lines: string[] = [];
  if (key.allowedNetworks.length > 0) lines.push(listed('Networks', key.allowedNetworks));
  if (key.allowedOrigins.length > 0) lines.push(listed('Origins', key.allowedOrigins));
  if (key.monthlyCap !== null) lines.push(`Cap: ${formatCount(key.monthlyCap)} calls a month`);
  if (key.expiresAt !== null) {
    const past = new Date(key.expiresAt).getTime() <= now.getTime();
    lines.push(`${past ? 'Expired' : 'Expires'} ${formatKeyInstant(key.expiresAt)}`);
  }
  return lines.length > 0 ? lines : ['None'];
}

/** The previous secret of a rolled key, while it still works. */
export function retiringText(retiring: RetiringSecret): string {
  return `Old secret works until ${formatKeyInstant(retiring.retiresAt)}`;
}
