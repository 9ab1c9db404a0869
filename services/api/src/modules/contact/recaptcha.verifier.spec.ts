import { loadConfig } from '@fxrates/config';
import type { Redis } from 'ioredis';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RECAPTCHA_ACTION, RecaptchaVerifier } from './recaptcha.verifier';

describe('RecaptchaVerifier and CONTACT_RECAPTCHA', () => {
  let siteverify: Server;
  let calls = 0;
  let verifyUrl = '';

  beforeAll(async () => {
    // A siteverify stand-in that passes every token.
    siteverify = createServer((request, response) => {
      calls++;
      request.resume();
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ success: true, action: RECAPTCHA_ACTION, hostname: 'localhost', score: 0.9 }),
      );
    });
    await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
    verifyUrl = `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(() => new Promise((resolve) => siteverify.close(resolve)));
  beforeEach(() => {
    calls = 0;
  });

  const verifier = (env: Record<string, string>) => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/x',
      REDIS_URL: 'redis://cache/0',
      JWT_SECRET: 'j'.repeat(40),
      API_KEY_HASH_SECRET: 'h'.repeat(40),
      WEB_URL: 'https://fxrates.example.com',
      RECAPTCHA_VERIFY_URL: verifyUrl,
      ...env,
    });
    const redis = { set: jest.fn(async () => 'OK'), del: jest.fn(async () => 1) };
    return { check: new RecaptchaVerifier(config, redis as unknown as Redis), redis };
  };

  it('with off, accepts a message without asking Google or Redis', async () => {
    const { check, redis } = verifier({ CONTACT_RECAPTCHA: 'off' });
    await expect(check.verify('unchecked', '203.0.113.1')).resolves.toBeUndefined();
    expect(calls).toBe(0);
    expect(redis.set).not.toHaveBeenCalled();
  });

  it('with on (the default), asks siteverify and refuses a token used twice', async () => {
    const { check, redis } = verifier({ RECAPTCHA_SECRET: 'recaptcha-secret' });
    await expect(check.verify('token-1', '203.0.113.1')).resolves.toBeUndefined();
    expect(calls).toBe(1);
    redis.set.mockResolvedValueOnce(null as unknown as string);
    await expect(check.verify('token-1', '203.0.113.1')).rejects.toMatchObject({ code: 'recaptcha-failed' });
    expect(calls).toBe(1);
  });
});
