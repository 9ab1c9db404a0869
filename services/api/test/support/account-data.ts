import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { ApiKey, RefreshToken, User } from '@fxrates/db';
import { todayUtc } from '@fxrates/testing';
import { givenIn } from './given';
import { signIn } from './signed-in';

const DAY_MS = 86_400_000;

/** A signed-in user holding one of everything an account can have, each carrying `marker`. */
export interface SeededAccount {
  userId: string;
  email: string;
  accessToken: string;
  cookie: string;
  key: string;
  keyId: string;
  /** Distinctive text or numbers in every row of the account: none may show in another's export. */
  marker: string;
  markers: string[];
}

/**
 * A signed-in user with names, a company and a key, and, as the worker and the billing would leave
 * them, a day of usage, a subscription with a recorded charge, a contact message from their address and
 * a quota alert: each value distinctive, so a test can look for it anywhere in a file.
 */
export async function seedAccount(app: NestFastifyApplication): Promise<SeededAccount> {
  const marker = `m${randomBytes(6).toString('hex')}`;
  const given = givenIn(app);
  const user = await given.user({
    firstName: `First${marker}`,
    lastName: `Last${marker}`,
    company: `Company${marker}`,
  });
  const { accessToken, cookie } = await signIn(app, user);
  const key = await given.key(user, { name: `Key${marker}` });
  const requests = 100_000 + Math.floor(Math.random() * 800_000);
  const amountMinor = 10_000 + Math.floor(Math.random() * 80_000);
  await given.usage(key, { [todayUtc()]: requests });
  const subscription = await given.subscription(user, {
    plan: 'basic',
    billingCycle: 'annual',
    status: 'expired',
    paypalSubscriptionId: `I-SUB${marker}`,
  });
  const dayAgo = new Date(Date.now() - DAY_MS);
  await given.payment(subscription, {
    amountMinor,
    periodStart: dayAgo,
    periodEnd: new Date(Date.now() + 364 * DAY_MS),
    paypalCaptureId: `SALE${marker}`,
    capturedAt: dayAgo,
    payerId: `PAYER${marker}`.slice(0, 32),
  });
  await given.contactMessage(user.email, {
    name: `Sender${marker}`,
    subject: `Subject${marker}`,
    message: `Message ${marker}`,
  });
  await given.quotaAlert(user, { threshold: 75, plan: 'free', monthlyQuota: 1000, used: requests + 1 });
  return {
    userId: user.id,
    email: user.email,
    accessToken,
    cookie,
    key: key.key,
    keyId: key.id,
    marker,
    markers: [marker, String(requests), String(amountMinor), key.id, user.id, user.email],
  };
}

/** Secrets of the account as stored: none may ever be exported. */
export async function storedSecretsOf(app: NestFastifyApplication, userId: string): Promise<string[]> {
  const em = app.get(MikroORM).em.fork();
  const user = await em.findOneOrFail(User, { id: userId }, { populate: ['passwordHash'] });
  const keys = await em.find(ApiKey, { user: userId });
  const refreshTokens = await em.find(RefreshToken, { user: userId });
  return [
    user.passwordHash,
    ...keys.map((key) => key.keyHash),
    ...refreshTokens.map((token) => token.tokenHash),
  ];
}
