import type { User } from '@fxrates/db';
import type { CurrentUser } from '@fxrates/domain';

export function displayNameOf(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}

/** The only view of a user that leaves the API from the auth routes. */
export function toCurrentUser(
  user: Pick<User, 'id' | 'email' | 'displayName' | 'emailVerifiedAt'>,
): CurrentUser {
  return {
    uid: user.id,
    email: user.email,
    displayName: user.displayName,
    emailVerified: user.emailVerifiedAt !== null && user.emailVerifiedAt !== undefined,
  };
}
