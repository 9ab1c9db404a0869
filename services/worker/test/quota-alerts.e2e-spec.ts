import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AppConfig } from '@fxrates/config';
import { QuotaAlert, UsageRepository } from '@fxrates/db';
import { plansWithOverrides, type PlanId } from '@fxrates/domain';
import { JOBS, QUEUES, quotaAlertJobId, usageRedisKeys } from '@fxrates/queues';
import type { GivenQuotaAlertOptions } from '@fxrates/testing';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { UserPlansService } from '../../api/src/modules/plans';
import { givenIn } from '../../api/test/support/given';
import { signedInUser } from '../../api/test/support/signed-in';
import { MovingClock } from '../../api/test/support/moving-clock';
import { startTestApp, type TestApp } from '../../api/test/test-app';
import { testConfig } from '../../api/test/test-config';
import { recordQuotaAlerts } from '../src/quota-alerts/quota-alert-detector';
import { WorkerModule } from '../src/worker.module';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { freePort } from '@fxrates/testing';
import { runJob, until } from './support/waiting';

const WEB_URL = 'https://fxrates.example.com';
const DAY_MS = 86_400_000;

/** "2026-11-27" of `ms`, and the metering month "2026-11". */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);
/** Basic's 90 % passed this month (9,100 of 10,000), recorded by a flush five minutes ago and not emailed. */
const recordedFiveMinutesAgo = (): GivenQuotaAlertOptions => ({
  month: monthOf(Date.now()),
  threshold: 90,
  plan: 'basic',
  monthlyQuota: 10_000,
  used: 9_100,
  createdAt: new Date(Date.now() - 5 * 60_000),
});
/** The first day of the month after this one, and the last day of the month before. */
function nextMonthFirstDay(): string {
  const now = new Date();
  return dayOf(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}
function lastMonthLastDay(): string {
  const now = new Date();
  return dayOf(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - DAY_MS);
}

interface Account {
  userId: string;
  email: string;
  accessToken: string;
  keyIds: string[];
  keys: string[];
}

/**
 * The API (sign-up, keys, metered calls) and the worker (usage flush, email) on one config of their
 * own: Free is lowered to 8 calls a month so real calls pass its thresholds in seconds.
 */
class World {
  readonly keys: ReturnType<typeof usageRedisKeys>;
  readonly workers: INestApplicationContext[] = [];

  private constructor(
    readonly config: AppConfig,
    readonly api: TestApp,
    /** The API's clock: moved to the next second instead of waiting out Free's burst of 2 a second. */
    readonly clock: MovingClock,
  ) {
    this.keys = usageRedisKeys(config.redis.keyPrefix);
  }

  static async start(smtpPort: number, overrides: Record<string, string> = {}): Promise<World> {
    const config = testConfig({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      EMAIL_RETRY_DELAY_MS: '200',
      RATES_INGEST_INTERVAL_MS: '600000',
      USAGE_FLUSH_INTERVAL_MS: '600000',
      WEB_URL,
      PLAN_LIMITS: 'free=8:2',
      ...overrides,
    });
    const clock = new MovingClock();
    const world = new World(config, await startTestApp(config, { clock }), clock);
    await world.addWorker();
    return world;
  }

  async addWorker(): Promise<INestApplicationContext> {
    const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(this.config), {
      logger: false,
    });
    this.workers.push(worker);
    return worker;
  }

  async close(): Promise<void> {
    for (const worker of this.workers) await worker.close();
    await this.api.close();
  }

  get worker(): INestApplicationContext {
    return this.workers[0];
  }

  em(): EntityManager {
    return this.worker.get(MikroORM).em.fork();
  }

  get given() {
    return givenIn(this.api.app);
  }

  queue(name: string): Queue {
    return this.worker.get<Queue>(getQueueToken(name));
  }

  async account(plan: PlanId = 'free', keyCount = 1): Promise<Account> {
    const { accessToken, id: userId, email } = await signedInUser(this.api.app);
    const account: Account = {
      userId,
      email,
      accessToken,
      keyIds: [],
      keys: [],
    };
    for (let i = 0; i < keyCount; i++) {
      const created = await request(this.api.app.getHttpServer())
        .post('/api/keys')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ name: `key ${i}` })
        .expect(201);
      account.keyIds.push(created.body.id);
      account.keys.push(created.body.key);
    }
    if (plan !== 'free') await this.api.app.get(UserPlansService).changePlan(account.userId, plan);
    return account;
  }

  /** Calls as the API's metering leaves them for the worker: pending per key and day. */
  async pending(keyId: string, requests: number, day = dayOf(Date.now())): Promise<void> {
    await this.api.redis.hincrby(this.keys.pending, `${keyId}|${day}`, requests);
  }

  flush(worker = this.worker): Promise<{ batches: number; requests: number }> {
    return runJob(worker.get<Queue>(getQueueToken(QUEUES.usageFlush)), JOBS.flushUsage, {
      trigger: 'manual',
    });
  }

  sweep(worker = this.worker): Promise<{ requeued: number }> {
    return runJob(worker.get<Queue>(getQueueToken(QUEUES.email)), JOBS.requeueUnsentEmail, {});
  }

  /** Waits until the email queue has nothing left to do: every email sent, none waiting or retrying. */
  async emailsSettled(): Promise<void> {
    const queue = this.queue(QUEUES.email);
    await until(async () => {
      const jobs = await queue.getJobs(['active', 'waiting', 'delayed', 'prioritized']);
      // The sweep's scheduler always has its next run delayed: only emails count.
      return jobs.every((job) => !job || job.name === JOBS.requeueUnsentEmail);
    }, 30_000);
  }

  /** The quota alerts the user chooses on the account page, through the API. */
  async chooseQuotaAlerts(account: Account, quotaAlerts: number[]): Promise<void> {
    await request(this.api.app.getHttpServer())
      .patch('/api/account/notifications')
      .set('Authorization', `Bearer ${account.accessToken}`)
      .send({ quotaAlerts })
      .expect(200, { quotaAlerts });
  }

  /** The user's alerts as recorded, by month, quota and threshold. */
  async alerts(userId: string) {
    const rows = await this.em().find(
      QuotaAlert,
      { userId },
      { orderBy: { month: 'asc', monthlyQuota: 'asc', threshold: 'asc' } },
    );
    return rows.map((row) => ({
      month: row.month,
      threshold: row.threshold,
      superseded: row.superseded,
      emailed: row.emailedAt !== null,
      skipped: row.skippedAt !== null,
      used: String(row.used),
    }));
  }

  /** The id of the user's alert (of the first, when a test has made one). */
  async alertId(userId: string): Promise<string> {
    return (await this.em().findOneOrFail(QuotaAlert, { userId })).id;
  }
}

/**
 * The quota alerts mailed to an address: its sign-up's verification link (which the worker may send
 * before the test marks the address verified) is not one.
 */
const alertsTo = (smtp: SmtpSink, email: string) =>
  smtp.mails.filter((m) => m.to.includes(email) && !m.header('X-FXRates-Email-Verification'));
const subjectsTo = (smtp: SmtpSink, email: string) => alertsTo(smtp, email).map((m) => m.header('Subject'));

/** The plain-text body of a received mail, soft line breaks of quoted-printable undone. */
const bodyOf = (raw: string) =>
  raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function callApi(world: World, key: string, times: number, expected = 200): Promise<void> {
  for (let i = 0; i < times; i++) {
    world.clock.advance(1_000 - (world.clock.now() % 1_000)); // each call in a second of its own
    await request(world.api.app.getHttpServer())
      .get('/api/v1/rates/rate?from=USD&to=EUR')
      .set('X-API-Key', key)
      .expect(expected);
  }
}

describe('worker: quota alerts', () => {
  let smtp: SmtpSink;
  let world: World;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    world = await World.start(smtp.port);
  });
  afterAll(async () => {
    await world.close();
    await smtp.close();
  });

  it('emails at 75 % of real metered calls, nothing more until the next threshold, then the highest passed', async () => {
    const user = await world.account('free'); // 8 calls a month here
    await callApi(world, user.keys[0], 5); // 62.5 %
    await world.flush();
    await world.emailsSettled();
    expect(subjectsTo(smtp, user.email)).toEqual([]);
    expect(await world.alerts(user.userId)).toEqual([]);

    await callApi(world, user.keys[0], 1); // 6 of 8: 75 %
    await world.flush();
    await until(() => subjectsTo(smtp, user.email).length === 1);
    const mail = alertsTo(smtp, user.email)[0];
    const period = new Date().toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(mail.header('Subject')).toBe(`You have used 75% of your FXRates Pro API quota for ${period}`);
    const text = bodyOf(mail.raw);
    expect(text).toContain('Plan:   Free');
    expect(text).toContain(`Used:   6 of 8 requests (75%) in ${period}`);
    const now = new Date();
    const resets = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toLocaleDateString(
      'en-US',
      { dateStyle: 'long', timeZone: 'UTC' },
    );
    expect(text).toContain(`Resets: ${resets}, 00:00 UTC`);
    expect(text).toContain(`${WEB_URL}/pricing`);
    const alertId = await world.alertId(user.userId);
    expect(mail.header('Message-ID')).toBe(`<quota-alert-${alertId}@fxrates.example>`);

    await callApi(world, user.keys[0], 1); // 7 of 8: 87.5 %, no threshold
    await world.flush();
    await world.emailsSettled();
    expect(subjectsTo(smtp, user.email)).toHaveLength(1);

    await callApi(world, user.keys[0], 1); // 8 of 8: past 90 % and 100 % at once
    await callApi(world, user.keys[0], 1, 429); // refused, not counted
    await world.flush();
    await until(() => subjectsTo(smtp, user.email).length === 2);
    await world.emailsSettled();
    expect(subjectsTo(smtp, user.email)).toEqual([
      `You have used 75% of your FXRates Pro API quota for ${period}`,
      `You have used all of your FXRates Pro API quota for ${period}`,
    ]);
    expect(bodyOf(alertsTo(smtp, user.email)[1].raw)).toContain(
      `Used:   8 of 8 requests (100%) in ${period}`,
    );
    const month = monthOf(Date.now());
    expect(await world.alerts(user.userId)).toEqual([
      { month, threshold: 75, superseded: false, emailed: true, skipped: false, used: '6' },
      { month, threshold: 90, superseded: true, emailed: false, skipped: false, used: '8' },
      { month, threshold: 100, superseded: false, emailed: true, skipped: false, used: '8' },
    ]);
  }, 60_000);

  it('sends each threshold once across flushes, sweeps and a job added again', async () => {
    const user = await world.account('basic'); // 10,000 a month
    const [keyId] = user.keyIds;
    await world.pending(keyId, 7_499);
    await world.flush();
    await world.pending(keyId, 1); // 7,500: 75 %
    await world.flush();
    await world.pending(keyId, 10);
    await world.flush();
    await until(() => subjectsTo(smtp, user.email).length === 1);
    // Recorded as emailed once the server took it: a job run between the two may send again, under
    // the same Message-ID (the mailer's at-least-once); what is proved here is after the record.
    await until(async () => (await world.alerts(user.userId))[0]?.emailed === true);

    // At least once means twice sometimes: the same alert queued again, and two sweeps.
    const alertId = await world.alertId(user.userId);
    const email = world.queue(QUEUES.email);
    const jobId = quotaAlertJobId({
      userId: user.userId,
      month: monthOf(Date.now()),
      monthlyQuota: 10_000,
      threshold: 75,
    });
    await email.add(JOBS.sendQuotaAlertEmail, { alertId }, { jobId: `${jobId}.again` });
    await world.sweep();
    await world.sweep();

    await world.pending(keyId, 1_490); // 9,000: 90 %
    await world.flush();
    await world.pending(keyId, 999);
    await world.flush();
    await world.pending(keyId, 1); // 10,000: 100 %
    await world.flush();
    await until(() => subjectsTo(smtp, user.email).length === 3);
    await world.emailsSettled();
    expect(subjectsTo(smtp, user.email)).toEqual([
      expect.stringMatching(/^You have used 75% of /),
      expect.stringMatching(/^You have used 90% of /),
      expect.stringMatching(/^You have used all of /),
    ]);
    expect((await world.alerts(user.userId)).map((a) => [a.threshold, a.emailed])).toEqual([
      [75, true],
      [90, true],
      [100, true],
    ]);
  }, 60_000);

  it('sends an alert whose queueing a crash cut short, once, through the email sweep', async () => {
    const user = await world.account('basic');
    // Recorded by a flush whose worker died after the commit, before queueing the email.
    await world.given.quotaAlert({ id: user.userId }, recordedFiveMinutesAgo());
    expect((await world.sweep()).requeued).toBeGreaterThanOrEqual(1);
    await world.sweep();
    await until(() => subjectsTo(smtp, user.email).length === 1);
    await world.sweep();
    await world.emailsSettled();
    expect(subjectsTo(smtp, user.email)).toEqual([expect.stringMatching(/^You have used 90% of /)]);
  });

  it('emails no threshold the user turned off, not even once turned back on that month, and the rest as before', async () => {
    const user = await world.account('basic'); // 10,000 a month
    const [keyId] = user.keyIds;
    await world.chooseQuotaAlerts(user, [75, 100]);
    await world.pending(keyId, 7_500); // 75 %
    await world.flush();
    await until(() => subjectsTo(smtp, user.email).length === 1);

    await world.pending(keyId, 1_500); // 9,000: 90 %, turned off
    await world.flush();
    await world.emailsSettled();
    expect(subjectsTo(smtp, user.email)).toHaveLength(1);

    // Turned back on after it was passed: that month's 90 % stays unsent, whatever flushes and sweeps.
    await world.chooseQuotaAlerts(user, [75, 90, 100]);
    await world.pending(keyId, 100);
    await world.flush();
    await world.sweep();
    await world.emailsSettled();
    expect(subjectsTo(smtp, user.email)).toHaveLength(1);

    await world.pending(keyId, 899); // 9,999: not yet 100 %
    await world.flush();
    await world.emailsSettled();
    expect(subjectsTo(smtp, user.email)).toHaveLength(1);
    await world.pending(keyId, 1); // 10,000: 100 %, once
    await world.flush();
    await world.pending(keyId, 5);
    await world.flush();
    await until(() => subjectsTo(smtp, user.email).length === 2);
    await world.emailsSettled();
    expect(subjectsTo(smtp, user.email)).toEqual([
      expect.stringMatching(/^You have used 75% of /),
      expect.stringMatching(/^You have used all of /),
    ]);
    expect(
      (await world.alerts(user.userId)).map((a) => [a.threshold, a.emailed, a.skipped, a.superseded]),
    ).toEqual([
      [75, true, false, false],
      [90, false, true, false],
      [100, true, false, false],
    ]);
  }, 60_000);

  it('emails the highest threshold left on when a flush passes one turned off above it', async () => {
    const user = await world.account('basic');
    await world.chooseQuotaAlerts(user, [75, 90]);
    await world.pending(user.keyIds[0], 10_000); // 75, 90 and 100 % at once; 100 % is off
    await world.flush();
    await until(() => subjectsTo(smtp, user.email).length === 1);
    await world.emailsSettled();
    expect(subjectsTo(smtp, user.email)).toEqual([expect.stringMatching(/^You have used 90% of /)]);
    expect(
      (await world.alerts(user.userId)).map((a) => [a.threshold, a.emailed, a.skipped, a.superseded]),
    ).toEqual([
      [75, false, false, true],
      [90, true, false, false],
      [100, false, true, false],
    ]);
  }, 60_000);

  it('sends nothing for an alert recorded while on whose threshold is turned off before its email goes', async () => {
    const user = await world.account('basic');
    // Recorded while 90 % was on, its email held up (a crash before queueing, SMTP down).
    await world.given.quotaAlert({ id: user.userId }, recordedFiveMinutesAgo());
    await world.chooseQuotaAlerts(user, [75, 100]);
    await world.sweep();
    await until(async () => (await world.alerts(user.userId))[0]?.skipped === true);
    await world.sweep();
    await world.emailsSettled();
    expect(subjectsTo(smtp, user.email)).toEqual([]);
    expect(await world.alerts(user.userId)).toMatchObject([{ threshold: 90, emailed: false, skipped: true }]);
  }, 60_000);

  it('starts again in a new month, and never alerts a month already over', async () => {
    const user = await world.account('basic');
    const [keyId] = user.keyIds;
    await world.pending(keyId, 9_500, lastMonthLastDay()); // late calls of last month: its quota has reset
    await world.pending(keyId, 7_600); // this month: 76 %
    await world.flush();
    await until(() => subjectsTo(smtp, user.email).length === 1);

    await world.pending(keyId, 7_600, nextMonthFirstDay()); // the first calls of next month
    await world.flush();
    await until(() => subjectsTo(smtp, user.email).length === 2);
    await world.emailsSettled();
    const nextPeriod = new Date(`${nextMonthFirstDay()}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(subjectsTo(smtp, user.email)[1]).toBe(
      `You have used 75% of your FXRates Pro API quota for ${nextPeriod}`,
    );
    expect((await world.alerts(user.userId)).map((a) => [a.month, a.threshold])).toEqual([
      [monthOf(Date.now()), 75],
      [nextMonthFirstDay().slice(0, 7), 75],
    ]);
  });

  it('warns again before a new, higher quota runs out after an upgrade mid-month', async () => {
    const user = await world.account('free');
    await world.pending(user.keyIds[0], 8); // Free's 8: used up
    await world.flush();
    await until(() => subjectsTo(smtp, user.email).length === 1);
    await world.api.app.get(UserPlansService).changePlan(user.userId, 'basic');
    await world.pending(user.keyIds[0], 7_492); // 7,500 of Basic's 10,000
    await world.flush();
    await until(() => subjectsTo(smtp, user.email).length === 2);
    await world.emailsSettled();
    expect(subjectsTo(smtp, user.email)).toEqual([
      expect.stringMatching(/^You have used all of /),
      expect.stringMatching(/^You have used 75% of /),
    ]);
    const basic = alertsTo(smtp, user.email)[1];
    expect(bodyOf(basic.raw)).toContain('Used:   7,500 of 10,000 requests (75%)');
  });

  it('decides two concurrent flushes that pass 75 % only together one after the other: one alert', async () => {
    const user = await world.account('basic', 2);
    const [keyA, keyB] = user.keyIds;
    await world.pending(keyA, 7_000);
    await world.flush();
    const today = dayOf(Date.now());
    const plans = plansWithOverrides(world.config.usage.planLimits);
    const em = world.worker.get(EntityManager);
    // Both transactions have counted their 300 calls before either looks at the month.
    let counted = 0;
    let bothCounted!: () => void;
    const barrier = new Promise<void>((resolve) => (bothCounted = resolve));
    const flushOf = (keyId: string) =>
      em.fork().transactional(async (tx) => {
        await new UsageRepository(tx).add([{ keyId, day: today, requests: 300 }]);
        if (++counted === 2) bothCounted();
        await barrier;
        return recordQuotaAlerts(tx, [{ keyId, day: today }], plans, monthOf(Date.now()));
      });
    const [a, b] = await Promise.all([flushOf(keyA), flushOf(keyB)]);
    expect([...a, ...b].map((alert) => alert.threshold)).toEqual([75]);
    expect((await world.alerts(user.userId)).map((row) => [row.threshold, row.used])).toEqual([[75, '7600']]);
  });

  it('sends one email when two workers flush and sweep at once', async () => {
    const second = await world.addWorker();
    const user = await world.account('basic', 2);
    await world.pending(user.keyIds[0], 5_000);
    await world.pending(user.keyIds[1], 4_200); // 92 %: 90 % is the one to send
    await Promise.all([world.flush(), world.flush(second), world.sweep(), world.sweep(second)]);
    await until(() => subjectsTo(smtp, user.email).length === 1);
    await Promise.all([world.sweep(), world.sweep(second)]);
    await world.emailsSettled();
    expect(subjectsTo(smtp, user.email)).toEqual([expect.stringMatching(/^You have used 90% of /)]);
  });
});

describe('worker: quota alerts while SMTP is down', () => {
  it('keeps the alert and sends it exactly once when SMTP comes back', async () => {
    const port = await freePort();
    const world = await World.start(port);
    let smtp: SmtpSink | undefined;
    try {
      const user = await world.account('basic');
      await world.pending(user.keyIds[0], 7_700);
      await world.flush();
      const alertId = await world.alertId(user.userId);
      const jobId = quotaAlertJobId({
        userId: user.userId,
        month: monthOf(Date.now()),
        monthlyQuota: 10_000,
        threshold: 75,
      });
      const email = world.queue(QUEUES.email);
      await until(async () => ((await email.getJob(jobId))?.attemptsMade ?? 0) >= 2); // refused: nothing listens
      expect(await world.alerts(user.userId)).toEqual([
        {
          month: monthOf(Date.now()),
          threshold: 75,
          superseded: false,
          emailed: false,
          skipped: false,
          used: '7700',
        },
      ]);

      smtp = await startSmtpSink(port);
      await until(() => subjectsTo(smtp!, user.email).length === 1, 20_000);
      await world.sweep();
      await world.emailsSettled();
      expect(subjectsTo(smtp, user.email)).toEqual([expect.stringMatching(/^You have used 75% of /)]);
      expect(alertsTo(smtp, user.email)[0].header('Message-ID')).toBe(
        `<quota-alert-${alertId}@fxrates.example>`,
      );
      expect((await world.alerts(user.userId))[0].emailed).toBe(true);
    } finally {
      await world.close();
      await smtp?.close();
    }
  }, 40_000);

  it('sends only the highest threshold passed while it was down', async () => {
    const port = await freePort();
    const world = await World.start(port);
    let smtp: SmtpSink | undefined;
    try {
      const user = await world.account('basic');
      await world.pending(user.keyIds[0], 7_600); // 75 %, its email retrying
      await world.flush();
      await world.pending(user.keyIds[0], 2_400); // then 100 % in a later flush
      await world.flush();
      const email = world.queue(QUEUES.email);
      const month = monthOf(Date.now());
      await until(async () => {
        const jobs = await Promise.all(
          [75, 100].map((threshold) =>
            email.getJob(quotaAlertJobId({ userId: user.userId, month, monthlyQuota: 10_000, threshold })),
          ),
        );
        return jobs.every((job) => (job?.attemptsMade ?? 0) >= 1);
      });

      smtp = await startSmtpSink(port);
      await until(() => subjectsTo(smtp!, user.email).length >= 1, 20_000);
      await world.emailsSettled();
      expect(subjectsTo(smtp, user.email)).toEqual([expect.stringMatching(/^You have used all of /)]);
      expect((await world.alerts(user.userId)).map((a) => [a.threshold, a.superseded, a.emailed])).toEqual([
        [75, true, false],
        [90, true, false],
        [100, false, true],
      ]);
    } finally {
      await world.close();
      await smtp?.close();
    }
  }, 40_000);
});
