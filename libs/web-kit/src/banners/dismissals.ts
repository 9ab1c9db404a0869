/**
 * Banners a user has closed in this tab (sessionStorage: gone when the tab closes). A banner is
 * named by what it says, condition included (the quota level and month, the test keys, the
 * address), so that a closed banner comes back when its condition changes and nothing that needs
 * action stays hidden past the session.
 */
export const DISMISSED_BANNERS_KEY = 'fxrates.dismissed-banners';

/** At most this many names are kept: older ones are dropped first. */
const KEPT = 50;

function storedNames(storage: Storage): string[] {
  const text = storage.getItem(DISMISSED_BANNERS_KEY);
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not ours, or damaged: as if nothing was dismissed.
    return [];
  }
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
}

/** The browser's sessionStorage, or null where it is unavailable (storage disabled): nothing is remembered. */
export function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Reading sessionStorage throws where the browser blocks site storage.
    return null;
  }
}

export function isBannerDismissed(name: string, storage: Storage | null = sessionStore()): boolean {
  return storage !== null && storedNames(storage).includes(name);
}

export function dismissBanner(name: string, storage: Storage | null = sessionStore()): void {
  if (!storage) return;
  const names = storedNames(storage).filter((stored) => stored !== name);
  storage.setItem(DISMISSED_BANNERS_KEY, JSON.stringify([...names, name].slice(-KEPT)));
}
