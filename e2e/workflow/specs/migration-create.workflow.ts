import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { MigrationObject } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { REPO_ROOT } from '../../cluster/repo-root';
import { migrateUp, ormConfig, WORKFLOW_DATABASE_URL } from '../support/workflow-database';

const run = promisify(execFile);
const MIGRATIONS = 'libs/db/src/migrations';

/**
 * `npm run migration:create` runs in a copy of the checkout's migrations folder (with the real
 * package.json, dist/ and node_modules linked in), so no stray migration can be left in the repository.
 */
describe('npm run migration:create', () => {
  let copy: string;

  beforeAll(async () => {
    copy = await mkdtemp(path.join(tmpdir(), 'fxrates-migration-create-'));
    await cp(path.join(REPO_ROOT, MIGRATIONS), path.join(copy, MIGRATIONS), { recursive: true });
    await cp(path.join(REPO_ROOT, 'package.json'), path.join(copy, 'package.json'));
    for (const linked of ['node_modules', 'dist'])
      await symlink(path.join(REPO_ROOT, linked), path.join(copy, linked));
    await migrateUp({ url: WORKFLOW_DATABASE_URL, poolMax: 1 });
  });
  afterAll(() => rm(copy, { recursive: true, force: true }));

  function npmRun(...args: string[]) {
    return run('npm', ['run', '--silent', 'migration:create', ...(args.length ? ['--', ...args] : [])], {
      cwd: copy,
    });
  }

  it('without a snake_case name: the usage, exit 64 (EX_USAGE)', async () => {
    for (const args of [[], ['Add Widgets']]) {
      await expect(npmRun(...args)).rejects.toMatchObject({
        code: 64,
        stderr: expect.stringContaining('Usage: migrate up | migrate create <snake_case_name>'),
      });
    }
  });

  it('writes Migration<timestamp>_<name>.ts, registers it, and the migrator lists it as pending', async () => {
    const { stdout } = await npmRun('add_widgets');
    const created = /Created (libs\/db\/src\/migrations\/(Migration(\d{14})_add_widgets)\.ts)/.exec(stdout);
    expect(created).not.toBeNull();
    const [, file, className, timestamp] = created!;
    // A UTC timestamp of now: it sorts after every committed migration.
    expect(
      Math.abs(
        Date.parse(timestamp.replace(/^(....)(..)(..)(..)(..)(..)$/, '$1-$2-$3T$4:$5:$6Z')) - Date.now(),
      ),
    ).toBeLessThan(10 * 60_000);

    // Laid out as the repository's Prettier configuration lays it out, the index as well.
    const prettierBin = path.join(REPO_ROOT, 'node_modules/prettier/bin/prettier.cjs');
    const config = path.join(REPO_ROOT, '.prettierrc.json');
    await run(
      process.execPath,
      [prettierBin, '--config', config, '--check', file, `${MIGRATIONS}/index.ts`],
      {
        cwd: copy,
      },
    );
    expect(await readFile(path.join(copy, file), 'utf8')).toContain(
      `export class ${className} extends Migration {`,
    );

    // The copy's index, loaded as the build loads the real one: the new migration is last and pending.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { MIGRATIONS: list } = require(path.join(copy, MIGRATIONS, 'index.ts')) as {
      MIGRATIONS: MigrationObject[];
    };
    expect(list.at(-1)?.name).toBe(className);
    const base = ormConfig({ url: WORKFLOW_DATABASE_URL, poolMax: 1 });
    const orm = await MikroORM.init({ ...base, migrations: { ...base.migrations, migrationsList: list } });
    try {
      const pending = await orm.migrator.getPending();
      expect(pending.map((migration) => migration.name)).toEqual([className]);
    } finally {
      await orm.close(true);
    }

    // The checkout itself has no new migration.
    const { stdout: status } = await run('git', ['status', '--porcelain', '--', MIGRATIONS], {
      cwd: REPO_ROOT,
    });
    expect(status).toBe('');
  });
});
