import { growingLru } from '../../common/caching';

const USERS_LIMIT = 100_000;

interface Counts {
  second: number;
  calls: number;
  /** Calls in the second before `second`. */
  previous: number;
}

/** Each user's calls metered by this instance in the current and the last second: how big a lease to ask for. */
export class RecentCalls {
  private readonly byUser = growingLru<string, Counts>(USERS_LIMIT);

  add(userId: string, now: number, calls: number): void {
    const second = Math.floor(now / 1000);
    const counts = this.byUser.get(userId);
    if (counts?.second === second) {
      counts.calls += calls;
    } else if (counts && counts.second < second) {
      counts.previous = counts.second === second - 1 ? counts.calls : 0;
      counts.second = second;
      counts.calls = calls;
    } else if (!counts) {
      this.byUser.set(userId, { second, calls, previous: 0 });
    }
  }

  /** The user's calls here in the second before `now`'s. */
  lastSecond(userId: string, now: number): number {
    const counts = this.byUser.get(userId);
    const second = Math.floor(now / 1000);
    if (!counts) return 0;
    if (counts.second === second) return counts.previous;
    return counts.second === second - 1 ? counts.calls : 0;
  }
}
