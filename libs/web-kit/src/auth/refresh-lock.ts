/** Runs a task while holding a lock; tasks under the same lock run one after another. */
export type RefreshLock = <T>(task: () => Promise<T>) => Promise<T>;

const LOCK_NAME = 'fxrates-auth-refresh';

/** No lock: for environments without the Web Locks API. */
export const noRefreshLock: RefreshLock = (task) => task();

/**
 * Serialises token refreshes across the tabs of this browser (Web Locks API). Every refresh
 * rotates the shared refresh cookie and the API treats a second use of a rotated cookie as theft,
 * revoking the sign-in everywhere; a tab that waits for the lock sends the cookie the previous
 * tab's refresh has just set instead.
 */
export function browserRefreshLock(): RefreshLock {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return noRefreshLock;
  return (task) => locks.request(LOCK_NAME, task);
}
