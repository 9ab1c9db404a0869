import {
  addMark,
  appliedMigrationCount,
  createMarksTable,
  currentDatabaseName,
  marksIn,
  onDatabaseServer,
} from '@fxrates/testing';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import {
  copyTemplateForWorkers,
  currentWorkerId,
  dropRunDatabases,
  runlessDatabaseUrl,
  databaseNameOf,
  templateDatabaseUrl,
  workerDatabaseUrl,
  workerRedisUrl,
} from './support/worker-resources';

/** A pid no process has: past the kernel's largest. */
const deadPid = () => 4_194_304 + 1;

/** The test run's own isolation: each jest worker on a database and a Redis DB of its own. */
describe('test workers: a database and a Redis DB each', () => {
  it('runs this file in its worker’s database and Redis DB', async () => {
    const id = currentWorkerId();
    const url = process.env.TEST_DATABASE_URL!;
    expect(databaseNameOf(url)).toMatch(new RegExp(`_p\\d+_w${id}$`));
    expect(await currentDatabaseName(url)).toBe(databaseNameOf(url));
    // Migrated: the template's schema came with the copy.
    expect(await appliedMigrationCount(url)).toBeGreaterThan(0);

    const redis = new Redis(process.env.TEST_REDIS_URL!, { lazyConnect: true });
    try {
      await redis.connect();
      expect((redis.options as { db?: number }).db).toBe(16 - id);
      const clients = await redis.client('INFO');
      expect(String(clients)).toContain(`db=${16 - id}`);
    } finally {
      redis.disconnect();
    }
  });

  it('copies the template to fresh databases that share no rows, replacing what an earlier run left', async () => {
    const base = `${runlessDatabaseUrl(process.env.TEST_DATABASE_URL!)}_copytest`;
    const template = databaseNameOf(templateDatabaseUrl(base));
    const run = `p${process.pid}`;
    const names = [1, 2].map((id) => databaseNameOf(workerDatabaseUrl(base, id, run)));
    const migrate = () => createMarksTable(templateDatabaseUrl(base));
    const databaseNames = () => onDatabaseServer(base, (server) => server.databaseNames());
    await onDatabaseServer(base, async (server) => {
      await server.dropDatabase(template);
      await server.createDatabase(template);
    });
    try {
      await copyTemplateForWorkers(base, 2, run, migrate);
      await addMark(workerDatabaseUrl(base, 1, run), 'worker 1 was here');
      expect(await marksIn(workerDatabaseUrl(base, 2, run))).toEqual([]);

      // A connection left open by a killed run does not stop the next run's copy.
      const leftOver = new Client({ connectionString: workerDatabaseUrl(base, 1, run) });
      await leftOver.connect();
      leftOver.on('error', () => undefined);
      await copyTemplateForWorkers(base, 2, run, migrate);
      expect(await marksIn(workerDatabaseUrl(base, 1, run))).toEqual([]);
      await leftOver.end().catch(() => undefined);

      // Another run's databases stay while its jest process runs, and go once it is gone.
      const alive = databaseNameOf(workerDatabaseUrl(base, 1, `p${process.ppid}`));
      const killed = databaseNameOf(workerDatabaseUrl(base, 1, `p${deadPid()}`));
      await onDatabaseServer(base, async (server) => {
        for (const name of [alive, killed]) await server.createDatabase(name, { template });
      });
      await copyTemplateForWorkers(base, 2, run, migrate);
      const left = await databaseNames();
      expect(left).toContain(alive);
      expect(left).not.toContain(killed);
      names.push(alive);

      await dropRunDatabases(base, 2, run);
      const after = await databaseNames();
      expect(after).not.toContain(names[0]);
      expect(after).not.toContain(names[1]);
    } finally {
      await onDatabaseServer(base, async (server) => {
        for (const name of [template, ...names]) await server.dropDatabase(name);
      });
    }
  });

  it('gives each worker the next lower Redis DB and refuses to hand out DB 0', () => {
    expect(workerRedisUrl('redis://127.0.0.1:6379/15', 1)).toBe('redis://127.0.0.1:6379/15');
    expect(workerRedisUrl('redis://127.0.0.1:6379/15', 3)).toBe('redis://127.0.0.1:6379/13');
    expect(() => workerRedisUrl('redis://127.0.0.1:6379/2', 3)).toThrow(/no DB of its own for jest worker 3/);
  });

  it('accepts only plain names for the databases it creates and drops', () => {
    expect(() => databaseNameOf('postgres://postgres@127.0.0.1:5432/x"; drop table users; --')).toThrow(
      /unsupported test database name/,
    );
  });
});
