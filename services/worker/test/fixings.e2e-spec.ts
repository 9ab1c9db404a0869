import { FixingsRepository, type FixingRow } from '@fxrates/db';
import { fixingId, zonedInstant } from '@fxrates/domain';
import { fixingJobId, JOBS, QUEUES } from '@fxrates/queues';
import { createRatesTable, RateDecimal, RatesStore } from '@fxrates/rates';
import { FixingFreezer } from '../src/fixings';
import type { Queue } from 'bullmq';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { until } from './support/waiting';
import { WebhookReceiver } from './support/webhook-receiver';
import { WebhooksWorld } from './support/webhooks-world';
import { killAll, queueOf, startWorkerProcess, type WorkerProcess } from './support/worker-processes';

const ROOT = path.resolve(__dirname, '../../..');
const ROTATE_KEY = path.join(ROOT, 'dist/services/worker/src/cli/fixings-rotate-key.js');

/** A cut of this run alone (the fixings table is shared with other test files and runs). */
const aCutName = () => `T${randomInt(10_000_000, 99_999_999)}`;
/** HH:MM:SS (UTC) `seconds` from now, and the UTC day of that instant. */
function secondsAhead(seconds: number): { time: string; day: string; at: number } {
  const at = Math.ceil((Date.now() + seconds * 1000) / 1000) * 1000;
  const iso = new Date(at).toISOString();
  return { time: iso.slice(11, 19), day: iso.slice(0, 10), at };
}

/** The document verified with jose alone, against the JWKS as fetched over HTTP: its kid, or the failure. */
async function joseVerifies(jwks: JSONWebKeySet, payload: string, jws: string): Promise<string> {
  const [header, , signature] = jws.split('.');
  const attached = `${header}.${Buffer.from(payload).toString('base64url')}.${signature}`;
  try {
    const { protectedHeader } = await compactVerify(attached, createLocalJWKSet(jwks));
    return protectedHeader.kid!;
  } catch (error) {
    return `refused: ${(error as Error).name}`;
  }
}

describe('worker: FXRates fixings', () => {
  let receiver: WebhookReceiver;
  let world: WebhooksWorld;
  let workers: WorkerProcess[] = [];
  let queue: Queue;
  let redis: Redis;
  let hookPath: string;
  const first = { cut: aCutName(), ...secondsAhead(12) };
  // Past the late bound below by ten minutes; the bound itself leaves a loaded machine minutes to start
  // the workers after `first`'s cut (a worker starting after a cut within the bound still freezes it).
  const late = { cut: aCutName(), ...secondsAhead(-1200) };
  const ecbCut = aCutName();
  let env: Record<string, string>;

  const fixingOf = (cut: string, day: string) => new FixingsRepository(world.em()).findByCutAndDay(cut, day);
  const announced = (cut: string) =>
    receiver
      .to(hookPath)
      .map((hook) => JSON.parse(hook.body) as { type: string; data: { cut: string } })
      .filter((event) => event.type === 'fixing.published' && event.data.cut === cut);
  const jwks = async () => (await world.http.get('/.well-known/jwks.json').expect(200)).body as JSONWebKeySet;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    // The in-process worker (the ECB cut's test) keeps only an ECB cut of this run.
    world = await WebhooksWorld.start(
      { WEBHOOKS_ALLOW_INSECURE_LOCALHOST: 'true', FIXING_CUTS: `${ecbCut}=ecb` },
      { worker: false },
    );
    queue = queueOf(world.config, QUEUES.fixings);
    redis = new Redis(world.config.redis.url);
    hookPath = `/fixings-${first.cut}`;
    const owner = await world.account();
    await world.endpoint(owner, { url: receiver.url(hookPath), events: ['fixing.published'] });
    env = {
      // The same data key as the API's: a key sealed by one worker opens in every other.
      API_KEY_HASH_SECRET: world.config.keys.hashSecret,
      WEBHOOKS_ALLOW_INSECURE_LOCALHOST: 'true',
      FIXING_CUTS: `${first.cut}=UTC@${first.time}/daily,${late.cut}=UTC@${late.time}/daily`,
      FIXING_LATE_BOUND_MS: '600000',
    };
  }, 60_000);

  afterAll(async () => {
    await killAll(workers);
    await queue.close();
    redis.disconnect();
    await world.close();
    await receiver.close();
  });

  let frozen: FixingRow;

  it('two worker processes freeze one fixing at a cut seconds ahead, from the table in service', async () => {
    workers = [await startWorkerProcess(world.config, env), await startWorkerProcess(world.config, env)];
    const id = fixingId(first.cut, first.day);
    await until(async () => (await fixingOf(first.cut, first.day)) !== null, 90_000);
    frozen = (await fixingOf(first.cut, first.day))!;
    const table = await new RatesStore(redis, world.config.redis.keyPrefix).load();
    expect(frozen).toMatchObject({ id, cut: first.cut, day: first.day, tableVersion: table!.version });
    expect(frozen.cutAt.getTime()).toBe(zonedInstant(first.day, first.time, 'UTC'));
    expect(frozen.createdAt.getTime()).toBeGreaterThanOrEqual(first.at);
    expect(JSON.parse(frozen.payload)).toMatchObject({
      id,
      cutAt: new Date(first.at).toISOString(),
      frozenAt: frozen.createdAt.toISOString(),
      publisher: 'FXRates fixings',
      tableVersion: table!.version,
    });
    expect(Object.keys(frozen.rates).length).toBeGreaterThan(30);

    // One job for both workers (its id is the cut's and day's), run once.
    const job = await queue.getJob(fixingJobId(first.cut, first.day));
    await until(async () => (await job!.getState()) === 'completed');
    expect((await queue.getJob(fixingJobId(first.cut, first.day)))!.returnvalue).toBe('frozen');
    const said = workers.flatMap(
      (w) => w.output.join('').match(new RegExp(`Fixing ${id} frozen`, 'g')) ?? [],
    );
    expect(said).toHaveLength(1);
    // The same freeze asked again under another job id stores nothing: the cut and day are taken.
    await queue.add(JOBS.freezeFixing, { cut: first.cut, day: first.day }, { jobId: `again-${id}` });
    await until(async () => (await (await queue.getJob(`again-${id}`))?.getState()) === 'completed');
    expect((await queue.getJob(`again-${id}`))!.returnvalue).toBe('exists');

    await until(() => announced(first.cut).length === 1, 20_000);
    expect(announced(first.cut)[0]).toMatchObject({
      id: `evt_fixing_${id}`,
      data: { id, cut: first.cut, date: first.day, url: expect.stringContaining(`/api/v1/fixings/${id}`) },
    });
  }, 150_000);

  it('a restarted worker, its queue emptied, makes no second fixing and announces nothing more', async () => {
    await killAll(workers);
    // As if Redis lost the job: the restarted worker queues the freeze of the cut just passed again.
    await queue.remove(fixingJobId(first.cut, first.day));
    workers = [await startWorkerProcess(world.config, env)];
    await until(
      async () => (await (await queue.getJob(fixingJobId(first.cut, first.day)))?.getState()) === 'completed',
      60_000,
    );
    expect((await queue.getJob(fixingJobId(first.cut, first.day)))!.returnvalue).toBe('exists');
    expect(
      await new FixingsRepository(world.em()).ratesBetween(first.cut, first.day, first.day),
    ).toHaveLength(1);
    expect(announced(first.cut)).toHaveLength(1);
  }, 90_000);

  it('leaves a day without a fixing when the freeze runs later than the bound', async () => {
    await queue.add(JOBS.freezeFixing, { cut: late.cut, day: late.day }, { jobId: `late-${late.cut}` });
    await until(async () => (await (await queue.getJob(`late-${late.cut}`))?.getState()) === 'completed');
    expect((await queue.getJob(`late-${late.cut}`))!.returnvalue).toBe('too-late');
    expect(await fixingOf(late.cut, late.day)).toBeNull();
  }, 30_000);

  it('signs so that jose alone, with the JWKS over HTTP, verifies the fixing and refuses a one-digit change', async () => {
    const keys = await jwks();
    expect(await joseVerifies(keys, frozen.payload, frozen.signature)).toBe(frozen.kid);
    const [code, rate] = Object.entries(frozen.rates)[0];
    const digit = rate.at(-1) === '9' ? '8' : String(Number(rate.at(-1)) + 1);
    const tampered = frozen.payload.replace(
      `"${code}":"${rate}"`,
      `"${code}":"${rate.slice(0, -1)}${digit}"`,
    );
    expect(tampered).not.toBe(frozen.payload);
    expect(await joseVerifies(keys, tampered, frozen.signature)).toBe(
      'refused: JWSSignatureVerificationFailed',
    );
  });

  it('rotates the key: new fixings carry the new kid, old ones still verify, both kids published', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [ROTATE_KEY], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: world.config.database.url,
        REDIS_URL: world.config.redis.url,
        REDIS_KEY_PREFIX: world.config.redis.keyPrefix,
        API_KEY_HASH_SECRET: world.config.keys.hashSecret,
      },
    });
    const kid = /New fixing signing key: (\S+)/.exec(stdout)?.[1];
    expect(stdout).toContain(`Retired ${frozen.kid}`);
    expect(kid).toBeDefined();
    expect(kid).not.toBe(frozen.kid);

    const next = { cut: aCutName(), ...secondsAhead(8) };
    await killAll(workers);
    workers = [
      await startWorkerProcess(world.config, { ...env, FIXING_CUTS: `${next.cut}=UTC@${next.time}/daily` }),
    ];
    await until(async () => (await fixingOf(next.cut, next.day)) !== null, 90_000);
    const after = (await fixingOf(next.cut, next.day))!;
    expect(after.kid).toBe(kid);
    // The API keeps the set a few seconds: the new kid is there once that has passed.
    let keys = await jwks();
    await until(async () => (keys = await jwks()).keys.some((key) => key.kid === kid), 10_000);
    expect(keys.keys.map((key) => key.kid)).toEqual(expect.arrayContaining([frozen.kid, kid]));
    expect(await joseVerifies(keys, after.payload, after.signature)).toBe(kid);
    expect(await joseVerifies(keys, frozen.payload, frozen.signature)).toBe(frozen.kid);
  }, 150_000);

  it("freezes the ECB cut from the first table carrying a day's ECB rates, and an old ECB day not at all", async () => {
    const freezer = (await world.addWorker()).get(FixingFreezer);
    const today = new Date().toISOString().slice(0, 10);
    const ecbTable = (eur: string, date: string) =>
      createRatesTable({
        perUsd: new Map([['EUR', new RateDecimal(eur)]]),
        source: 'ecb',
        timestamp: `${date}T14:00:00.000Z`,
        date,
      });
    const firstOfDay = ecbTable('0.91', today);
    await freezer.tablePublished(firstOfDay);
    await freezer.tablePublished(ecbTable('0.92', today));
    const fixing = await fixingOf(ecbCut, today);
    expect(fixing).toMatchObject({
      id: fixingId(ecbCut, today),
      tableVersion: firstOfDay.version,
      rates: { EUR: '0.91' },
    });
    expect(fixing!.cutAt.getTime()).toBe(zonedInstant(today, '16:00', 'Europe/Berlin'));
    const old = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    await freezer.tablePublished(ecbTable('0.93', old));
    expect(await fixingOf(ecbCut, old)).toBeNull();
  }, 30_000);
});
