import type { ApiKeyView } from '@fxrates/domain';
import { needsFirstKey } from './first-key';

describe('the Overview\'s "Create your first key"', () => {
  it('shows when the user has no active key', () => {
    expect(needsFirstKey([])).toBe(true);
  });

  it('does not show beside an active key, nor while the keys could not be loaded', () => {
    expect(needsFirstKey([{ id: 'k1' } as ApiKeyView])).toBe(false);
    expect(needsFirstKey(null)).toBe(false);
  });
});
