import { useCallback, useState } from 'react';
import { dismissBanner, isBannerDismissed } from './dismissals';

/**
 * Whether the banner `name` was closed in this tab, and how to close it. `name` carries the
 * banner's condition (see dismissals.ts): a new condition is a new name, shown again.
 */
export function useDismissal(name: string): { dismissed: boolean; dismiss: () => void } {
  const [closedNow, setClosedNow] = useState<string | null>(null);
  const dismiss = useCallback(() => {
    dismissBanner(name);
    setClosedNow(name);
  }, [name]);
  return { dismissed: closedNow === name || isBannerDismissed(name), dismiss };
}
