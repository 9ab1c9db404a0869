import type { ApiKeyView } from '@fxrates/domain';

/**
 * Whether the Overview leads with "Create your first key": when the user has no active key. Not
 * while the keys are unknown (they could not be loaded): the user may well have some.
 */
export function needsFirstKey(active: readonly ApiKeyView[] | null): boolean {
  return active !== null && active.length === 0;
}
