import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { register } from './auth-client';

/** A signed-up user holding one of everything an account can have, each carrying `marker`. */
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

const sql = (app: NestFastifyApplication, query: string, params: unknown[] = []) =>
  app.get(MikroORM).em.getConnection().execute<Record<string, unknown>[]>(query, params);

/**
 * Signs a user up through the API (names, company, a key), then gives them, as the worker and the
 * billing would, a day of usage, a subscription with a recorded charge, a contact message from their
 * address and a quota alert: each value distinctive, so a test can look for it anywhere in a file.
 */
export async function seedAccount(app: NestFastifyApplication): Promise<SeededAccount> {
  const marker = `m${randomBytes(6).toString('hex')}`;
  const { accessToken, cookie, userId } = await register(app, {
    firstName: `First${marker}`,
    lastName: `Last${marker}`,
  });
  const http = () => request(app.getHttpServer());
  await http()
    .patch('/api/account')
    .set('Authorization', `Bearer ${accessToken}`)
    .send({ company: `Company${marker}` })
    .expect(200);
  const created = await http()
    .post('/api/keys')
    .set('Authorization', `Bearer ${accessToken}`)
    .send({ name: `Key${marker}` })
    .expect(201);
  const requests = 100_000 + Math.floor(Math.random() * 800_000);
  const amountMinor = 10_000 + Math.floor(Math.random() * 80_000);
  const [stored] = await sql(app, 'select email::text as email from users where id = ?', [userId]);
  await sql(app, `insert into usage_daily (key_id, day, requests, user_id) values (?, current_date, ?, ?)`, [
    created.body.id,
    requests,
    userId,
  ]);
  const subscriptionId = randomUUID();
  await sql(
    app,
    `insert into subscriptions (id, user_id, plan, billing_cycle, status, paypal_subscription_id, amount_minor,
                                currency, created_at)
     values (?, ?, 'basic', 'annual', 'expired', ?, 16788, 'USD', now())`,
    [subscriptionId, userId, `I-SUB${marker}`],
  );
  await sql(
    app,
    `insert into payments (id, user_id, subscription_id, kind, status, plan, billing_cycle, amount_minor, currency,
                           period_start, period_end, paypal_capture_id, captured_minor, captured_at, payer_id, created_at)
     values (?, ?, ?, 'subscription', 'captured', 'basic', 'annual', ?, 'USD', now() - interval '1 day',
             now() + interval '364 days', ?, ?, now() - interval '1 day', ?, now())`,
    [
      randomUUID(),
      userId,
      subscriptionId,
      amountMinor,
      `SALE${marker}`,
      amountMinor,
      `PAYER${marker}`.slice(0, 32),
    ],
  );
  await sql(
    app,
    `insert into contact_messages (id, name, email, subject, message, created_at)
     values (?, ?, ?, ?, ?, now())`,
    [randomUUID(), `Sender${marker}`, stored.email, `Subject${marker}`, `Message ${marker}`],
  );
  await sql(
    app,
    `insert into quota_alerts (id, user_id, month, threshold, plan, monthly_quota, used, created_at)
     values (?, ?, to_char(now(), 'YYYY-MM'), 75, 'free', 1000, ?, now())`,
    [randomUUID(), userId, requests + 1],
  );
  return {
    userId,
    email: String(stored.email),
    accessToken,
    cookie,
    key: created.body.key,
    keyId: created.body.id,
    marker,
    markers: [marker, String(requests), String(amountMinor), created.body.id, userId, String(stored.email)],
  };
}

/** Secrets of the account as stored: none may ever be exported. */
export async function storedSecretsOf(app: NestFastifyApplication, userId: string): Promise<string[]> {
  const rows = await sql(
    app,
    `select password_hash as secret from users where id = ?
     union all select key_hash from api_keys where user_id = ?
     union all select token_hash from refresh_tokens where user_id = ?`,
    [userId, userId, userId],
  );
  return rows.map((row: Record<string, unknown>) => String(row.secret));
}
