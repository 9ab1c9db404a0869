import type { AuthResponse } from '@fxrates/domain';

/** A token this close to its expiry is renewed before it is sent, so requests rarely meet a 401. */
const RENEW_MARGIN_MS = 30_000;

/**
 * The signed-in user's access token. It lives in memory only: never in localStorage, never in a
 * cookie that scripts can read (docs/decisions.md, "The access token lives in memory"). A reload restores it from the HttpOnly
 * refresh cookie.
 */
export class AccessToken {
  private constructor(
    readonly value: string,
    /** Epoch milliseconds. */
    readonly expiresAt: number,
  ) {}

  static from(response: AuthResponse, now: number): AccessToken {
    return new AccessToken(response.accessToken, now + response.expiresIn * 1000);
  }

  /** The value of the Authorization header that carries this token. */
  get header(): string {
    return `Bearer ${this.value}`;
  }

  isExpiring(now: number): boolean {
    return this.expiresAt - RENEW_MARGIN_MS <= now;
  }
}
