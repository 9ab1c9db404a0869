import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';

/** A unique address per call, in a case that the API must normalise. */
export function newEmail(): string {
  return `User-${randomUUID()}@Example.test`;
}

export const PASSWORD = 'correct horse battery';

/** The refresh cookie a response set, as "name=value" for a Cookie header. */
export function refreshCookieOf(res: request.Response): string {
  const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = raw.find((line) => line.startsWith('fxrates_refresh='));
  if (!cookie) throw new Error(`No refresh cookie in ${JSON.stringify(raw)}`);
  return cookie.split(';')[0];
}

export async function register(
  app: NestFastifyApplication,
  overrides: Record<string, unknown> = {},
): Promise<{ res: request.Response; email: string; cookie: string; accessToken: string }> {
  const email = (overrides.email as string | undefined) ?? newEmail();
  const res = await request(app.getHttpServer())
    .post('/api/auth/register')
    .send({ firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD, ...overrides })
    .expect(201);
  return { res, email, cookie: refreshCookieOf(res), accessToken: res.body.accessToken };
}
