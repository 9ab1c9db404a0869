import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { GivenUser, GivenUserOptions } from '@fxrates/testing';
import { AuthService } from '../../src/modules/auth/auth.service';
import { REFRESH_COOKIE } from '../../src/modules/auth/refresh-cookie';
import { sessionDevice } from '../../src/modules/auth/session-device';
import { givenIn } from './given';

/** A session of a user, as a sign-in leaves it: the access token and the refresh cookie. */
export interface Session {
  accessToken: string;
  /** "fxrates_refresh=…", for a Cookie header. */
  cookie: string;
  sessionId: string;
}

/**
 * Signs `user` in as the API does once every factor is proved (the second step of a two-factor
 * sign-in), without the password check: tests whose subject is not signing in pay no argon2 for it.
 * Signing in itself is tested over HTTP in the auth suites.
 */
export async function signIn(app: NestFastifyApplication, user: { id: string }): Promise<Session> {
  const { body, refresh } = await app
    .get(AuthService)
    .signInAs(user.id, await sessionDevice(undefined, '127.0.0.1'));
  return {
    accessToken: body.accessToken,
    cookie: `${REFRESH_COOKIE}=${encodeURIComponent(refresh.token)}`,
    sessionId: refresh.sessionId,
  };
}

/**
 * A new user (verified, free plan, unless `options` say otherwise), signed in; `userId` as the
 * sign-up helper names it.
 */
export async function signedInUser(
  app: NestFastifyApplication,
  options: GivenUserOptions = {},
): Promise<GivenUser & Session & { userId: string }> {
  const user = await givenIn(app).user(options);
  return { ...user, userId: user.id, ...(await signIn(app, user)) };
}
