import { ClosesImportRepository, migrateUp } from '@fxrates/db';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { testConfig } from '../../api/test/test-config';

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'dist/services/worker/src/cli/rates-backfill.js');
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * `npm run rates:seed` on a database of its own, as on a fresh installation: the bundled ECB history
 * (services/worker/data/ecb) from the compiled CLI, with no network, then nothing on the next start.
 */
describe('rates:seed: the bundled ECB history on a fresh database', () => {
  const database = `fxrates_seed_${randomBytes(4).toString('hex')}`;
  const url = `postgres://postgres@127.0.0.1:5432/${database}`;
  let db: Client;

  const seed = () =>
    promisify(execFile)(process.execPath, [CLI, '--source', 'ecb', '--bundled', '--if-empty'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: url,
        REDIS_URL: testConfig().redis.url,
        // No network: an import that tried to download would fail on this address.
        RATES_ECB_URL: 'http://127.0.0.1:9',
      },
    });
  const history = () => new ClosesImportRepository(db).storedSpan('ecb');

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build:backend\` first`);
    await migrateUp({ url, poolMax: 1 });
    db = new Client({ connectionString: url });
    await db.connect();
  }, 60_000);
  afterAll(async () => {
    await db?.end();
    const admin = new Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it('imports every ECB day from 1999-01-04 into an empty history, then leaves it alone', async () => {
    const first = await seed();
    expect(first.stdout).toMatch(
      /^Importing the ECB history shipped with FXRates Pro \(1999-01-04 to 2026-04-13\)\n/,
    );
    expect(first.stdout).toMatch(
      /Imported 6,983 days \(1999-01-04 … 2026-04-13\), [\d,]+ rates in [\d.]+ s: /,
    );
    expect(first.stderr).toContain(`[${'█'.repeat(30)}] 100%`);
    const imported = await history();
    expect(imported).toEqual({
      rates: expect.any(Number),
      days: 6983,
      currencies: 41,
      first: '1999-01-04',
      last: '2026-04-13',
    });
    expect(imported.rates).toBeGreaterThan(200_000);
    // 1999-01-04's USD per EUR was 1.1789: the euro's row per USD is its inverse.
    const [eur] = await new ClosesImportRepository(db).storedCloses({
      sources: ['ecb'],
      currencies: ['EUR'],
      days: ['1999-01-04'],
    });
    expect(Number(eur.rate)).toBeCloseTo(1 / 1.1789, 6);

    const second = await seed();
    expect(second).toEqual({
      stdout: 'Rate history already holds 6,983 days of ECB rates: nothing to import.\n',
      stderr: '',
    });
    expect(await history()).toEqual(imported);
  }, 120_000);
});
