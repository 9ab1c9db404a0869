import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';
import request from 'supertest';
import { newEmail, PASSWORD } from './support/auth-client';
import { givenIn } from './support/given';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

// argon2 as it is, its verify watched: which hashes a sign-in verifies against (an unknown email's test).
jest.mock('argon2', () => {
  const actual = jest.requireActual<typeof import('argon2')>('argon2');
  return { ...actual, verify: jest.fn(actual.verify) };
});
const verify = argon2.verify as jest.MockedFunction<typeof argon2.verify>;

/** A fresh IPv4 address per call, so tests never share a per-IP count by accident. */
function newIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** A fresh IPv6 /64 network (as a prefix to append the interface part to). */
function newIpv6Network(): string {
  const b = randomBytes(6).toString('hex');
  return `2001:db8:${b.slice(0, 4)}:${b.slice(4, 8)}`;
}

/** Boots an API behind a trusted proxy with these settings for the enclosing `describe`. */
function useApp(settings: Record<string, string>): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp(testConfig({ TRUST_PROXY: 'true', ...settings }));
  });
  afterAll(() => t?.close());
  return () => {
    if (!t) throw new Error('The test API has not started');
    return t;
  };
}

/**
 * Abuse of the account routes: each attack is sent over HTTP from the addresses
 * an attacker would use (X-Forwarded-For, trusted here as behind the deployed reverse proxy).
 */
describe('sign-in and sign-up abuse', () => {
  const loginFrom = (t: TestApp, ip: string, email: string, password: string) =>
    request(t.app.getHttpServer())
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ email, password });
  const registerFrom = (t: TestApp, ip: string, email = newEmail()) =>
    request(t.app.getHttpServer())
      .post('/api/auth/register')
      .set('X-Forwarded-For', ip)
      .send({ firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD });

  describe('failed sign-ins slow the attacker but never lock the owner out', () => {
    const app = useApp({ LOGIN_FAILURE_LIMIT: '10', LOGIN_BACKOFF_MAX_SECONDS: '1' });

    it('refuses an IP that failed 10 times on an account, while the owner signs in from their own IP and a new one', async () => {
      const t = app();
      const { email } = await givenIn(t.app).user();
      const ownerIp = newIp();
      await loginFrom(t, ownerIp, email, PASSWORD).expect(200);

      const attackerIp = newIp();
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++) {
        const res = await loginFrom(t, attackerIp, email, `guess ${i}`);
        statuses.push(res.status);
        if (res.status === 401)
          expect(res.body).toMatchObject({ code: 'wrong-password', message: 'Incorrect password' });
        else {
          expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
          expect(res.body).toMatchObject({ status: 429, code: 'too-many-attempts' });
          expect(res.body.message).toMatch(/Try again in \d+ minutes?\./);
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(900);
        }
      }
      expect(statuses.slice(0, 10)).toEqual(new Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(new Array(90).fill(429));
      // Refused before the password is looked at: even the right one.
      await loginFrom(t, attackerIp, email, PASSWORD).expect(429);

      const owner = await loginFrom(t, ownerIp, email, PASSWORD).expect(200);
      expect(owner.body.user.email).toBe(email.toLowerCase());
      // From an address the account never signed in from: slowed by a bounded delay, never refused.
      await loginFrom(t, newIp(), email, PASSWORD).expect(200);
    });

    it('lets the owner in while many IPs each fail on the account, and keeps the spec texts', async () => {
      const t = app();
      const { email } = await givenIn(t.app).user();
      const ownerIp = newIp();
      await loginFrom(t, ownerIp, email, PASSWORD).expect(200);
      for (let i = 0; i < 14; i++) {
        const res = await loginFrom(t, newIp(), email, `guess ${i}`).expect(401);
        expect(res.body).toMatchObject({ code: 'wrong-password', message: 'Incorrect password' });
      }
      const unknown = await loginFrom(t, newIp(), newEmail(), PASSWORD).expect(401);
      expect(unknown.body).toMatchObject({
        code: 'user-not-found',
        message: 'No account found with this email',
      });

      await loginFrom(t, ownerIp, email, PASSWORD).expect(200);
      await loginFrom(t, newIp(), email, PASSWORD).expect(200);
    });

    it('counts an IPv6 /64 as one address', async () => {
      const t = app();
      const { email } = await givenIn(t.app).user();
      const network = newIpv6Network();
      for (let i = 1; i <= 10; i++) await loginFrom(t, `${network}::${i}`, email, 'guess').expect(401);
      await loginFrom(t, `${network}:ffff:ffff:ffff:ffff`, email, 'guess').expect(429);
      await loginFrom(t, `${newIpv6Network()}::1`, email, PASSWORD).expect(200);
    });
  });

  describe('an IP failing on many accounts', () => {
    const app = useApp({ LOGIN_IP_FAILURE_LIMIT: '5' });

    it('is refused after LOGIN_IP_FAILURE_LIMIT failures, whatever the accounts; others are not', async () => {
      const t = app();
      const ip = newIp();
      for (let i = 0; i < 5; i++) await loginFrom(t, ip, newEmail(), PASSWORD).expect(401);
      const { email } = await givenIn(t.app).user();
      const refused = await loginFrom(t, ip, email, PASSWORD).expect(429);
      expect(refused.body.code).toBe('too-many-attempts');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      await loginFrom(t, newIp(), email, PASSWORD).expect(200);
    });
  });

  describe('an unknown email', () => {
    const app = useApp({ LOGIN_FAILURE_LIMIT: '1000', LOGIN_IP_FAILURE_LIMIT: '100000' });

    it('costs the same argon2 verification as a wrong password for a known one', async () => {
      const t = app();
      const { email } = await givenIn(t.app).user();
      // The work, not its time: a busy machine moves timings, not what is computed. Each
      // sign-in runs one argon2 verification, against a hash of the same parameters (the unknown email's
      // is the hash made at boot), so neither answer can be told apart by how long it takes.
      verify.mockClear();
      await loginFrom(t, newIp(), email, 'not the password').expect(401);
      await loginFrom(t, newIp(), newEmail(), 'not the password').expect(401);
      // `$argon2id$v=19$m=…,p=…,t=…$salt$hash`: the algorithm, version and costs (argon2 0.45 writes
      // them in this order; hashes of 0.44, in the order m, t, p, verify as well).
      const costs = verify.mock.calls.map(([hash]) => hash.split('$').slice(1, 4).join('$'));
      expect(costs).toHaveLength(2);
      expect(costs[0]).toMatch(/^argon2id\$v=19\$m=\d+,p=\d+,t=\d+$/);
      expect(costs[1]).toBe(costs[0]);
      // Two different hashes: the unknown email's is not the known user's.
      expect(verify.mock.calls[1]![0]).not.toBe(verify.mock.calls[0]![0]);
    });
  });

  describe('sign-up', () => {
    const app = useApp({ SIGNUP_LIMIT_PER_HOUR: '3' });

    it('is throttled per IPv4 address and per IPv6 /64, with 429 and Retry-After', async () => {
      const t = app();
      const network = newIpv6Network();
      for (let i = 1; i <= 3; i++) await registerFrom(t, `${network}::${i}`).expect(201);
      const email = newEmail();
      const refused = await registerFrom(t, `${network}:1:2:3:4`, email).expect(429);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.body).toMatchObject({ status: 429, code: 'too-many-attempts' });
      expect(refused.body.message).toMatch(/Try again in \d+ minutes?\./);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      await registerFrom(t, `${newIpv6Network()}::1`, email).expect(201);

      const ip = newIp();
      for (let i = 0; i < 3; i++) await registerFrom(t, ip).expect(201);
      await registerFrom(t, ip).expect(429);
      await registerFrom(t, `::ffff:${ip}`).expect(429); // the same IPv4 client seen by a dual-stack socket
    });
  });

  describe('argon2 work', () => {
    const OPS = { user: 'ops', password: 'ops-password-123' };
    const app = useApp({
      LOGIN_FAILURE_LIMIT: '1000',
      LOGIN_IP_FAILURE_LIMIT: '100000',
      SIGNUP_LIMIT_PER_HOUR: '1000',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE_LIMIT: '3',
      OPS_USER: OPS.user,
      OPS_PASSWORD: OPS.password,
    });

    it('runs within the concurrency limit and refuses a flood beyond its queue at once, while other routes answer', async () => {
      const t = app();
      const { email } = await givenIn(t.app).user();
      const session = (await request(t.app.getHttpServer()).post('/api/auth/session').expect(201)).body
        .sessionToken as string;
      const order: string[] = [];
      const track = (name: string, call: request.Test) =>
        call.then((res) => {
          order.push(name);
          return res;
        });
      const flood = Array.from({ length: 24 }, (_, i) =>
        track(
          'flood',
          i % 4 === 0 ? registerFrom(t, newIp()) : loginFrom(t, newIp(), i % 2 ? email : newEmail(), 'wrong'),
        ),
      );
      const health = track('health', request(t.app.getHttpServer()).get('/api/health'));
      const convert = track(
        'convert',
        request(t.app.getHttpServer())
          .get('/api/rates/convert?from=USD&to=EUR&amount=1')
          .set('X-Session-Token', session),
      );
      const answers = await Promise.all(flood);
      expect((await health).status).toBe(200);
      expect((await convert).status).toBe(200);

      const busy = answers.filter((res) => res.status === 429);
      const served = answers.filter((res) => res.status !== 429);
      expect(busy.length).toBeGreaterThan(0);
      expect(served.length).toBeGreaterThanOrEqual(1 + 3); // one running, three waiting, when the flood arrived
      for (const res of busy) {
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.body).toMatchObject({ status: 429, code: 'rate-limited' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      for (const res of served) expect([201, 401]).toContain(res.status);
      // The other routes did not wait for the password work.
      expect(order.lastIndexOf('flood')).toBeGreaterThan(order.indexOf('health'));
      expect(order.lastIndexOf('flood')).toBeGreaterThan(order.indexOf('convert'));

      const metrics = await request(t.app.getHttpServer())
        .get('/api/metrics')
        .auth(OPS.user, OPS.password)
        .expect(200);
      expect(metrics.text).toMatch(/^fxrates_password_hashing_running_max 1$/m);
      const refused = Number(/^fxrates_password_hashing_refused_total (\d+)$/m.exec(metrics.text)?.[1]);
      expect(refused).toBe(busy.length);
    });
  });
});
