import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { User } from '@fxrates/db';
import { GIVEN_PASSWORD } from '@fxrates/testing';
import request from 'supertest';

/** A unique address per call, in a case that the API must normalise. */
export function newEmail(): string {
  return `User-${randomUUID()}@Example.test`;
}

/** The password of every test user: the factories' too, so either kind signs in with it. */
export const PASSWORD = GIVEN_PASSWORD;

/** The refresh cookie a response set, as "name=value" for a Cookie header. */
export function refreshCookieOf(res: request.Response): string {
  const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = raw.find((line) => line.startsWith('fxrates_refresh='));
  if (!cookie) throw new Error(`No refresh cookie in ${JSON.stringify(raw)}`);
  return cookie.split(';')[0];
}

/**
 * Marks a user's address verified, as opening the emailed link does, for tests whose subject is not
 * verification (only verified addresses create keys). The link itself is tested in
 * email-verification.e2e-spec.ts.
 */
export async function markEmailVerified(app: NestFastifyApplication, userId: string): Promise<void> {
  await app
    .get(MikroORM)
    .em.fork()
    .nativeUpdate(User, { id: userId, emailVerifiedAt: null }, { emailVerifiedAt: new Date() });
}

/** How a test signs up: verified (the default) or not. */
export interface SignUpOptions {
  verified?: boolean;
}

/**
 * Signs up a new user through the API; their address is then marked verified unless
 * `{ verified: false }` (the answer's `user.emailVerified` is the sign-up's: false). Only for tests
 * whose subject is sign-up itself (its answer, its mail, its limits, what a just-signed-up account
 * is): any other test starts from `givenIn(app).user()` or `signedInUser(app)` (signed-in.ts).
 */
export async function register(
  app: NestFastifyApplication,
  overrides: Record<string, unknown> = {},
  { verified = true }: SignUpOptions = {},
): Promise<{ res: request.Response; email: string; cookie: string; accessToken: string; userId: string }> {
  const email = (overrides.email as string | undefined) ?? newEmail();
  const res = await request(app.getHttpServer())
    .post('/api/auth/register')
    .send({ firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD, ...overrides })
    .expect(201);
  const userId = res.body.user.uid as string;
  if (verified) await markEmailVerified(app, userId);
  return { res, email, cookie: refreshCookieOf(res), accessToken: res.body.accessToken, userId };
}
