import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { testConfig } from '../../api/test/test-config';

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'dist/services/worker/src/cli/rates-backfill.js');
const ECB_CSV = ['Date,USD,JPY,', '2026-04-10,2,N/A,', '2026-04-09,1.6,160,', ''].join('\n');

/**
 * What `npm run rates:backfill` prints when its output is a log, not a terminal. The range starts
 * after the file's last day, so the shared test database is read but nothing is written to it.
 */
describe('the rates:backfill command', () => {
  let dir: string;

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build:backend\` first`);
    dir = await mkdtemp(path.join(tmpdir(), 'backfill-cli-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('shows the progress bar as lines, then what it imported', async () => {
    const file = path.join(dir, 'eurofxref-hist.csv');
    await writeFile(file, ECB_CSV);
    const config = testConfig();
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [CLI, '--source', 'ecb', '--file', file, '--from', '2030-01-01'],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          DATABASE_URL: config.database.url,
          REDIS_URL: config.redis.url,
        },
      },
    );
    // The size is not known before the file is opened: the bar starts as […].
    expect(stderr).toBe(`[…] \n[${'█'.repeat(30)}] 100% 0 days  \n`);
    expect(stdout).toMatch(
      /^Imported 0 days \(– … –\), 0 rates in \d+\.\d s: 0 new, 0 changed, 0 already there\.\n$/,
    );
  });

  it.each([
    [['--source', 'history', '--file', 'x.csv'], 'Ranges are read from the source: give --url, not --file.'],
    [
      ['--source', 'history', '--url', 'http://127.0.0.1:1'],
      '--url names one source: use it with one of them.',
    ],
    [['--source', 'binance', '--bundled'], '--bundled and --if-empty are for --source ecb.'],
    [
      ['--source', 'oxr'],
      'Unknown source "oxr": "ecb", "frankfurter", "binance", "coinbase", "coingecko", "history".',
    ],
  ])('refuses %j with a reason and the usage, exiting 64', async (args, reason) => {
    const run = promisify(execFile)(process.execPath, [CLI, ...args], { cwd: ROOT });
    await expect(run).rejects.toMatchObject({ code: 64, stderr: expect.stringContaining(reason) });
  });

  it('names a bad argument and shows the usage, exiting 64', async () => {
    const run = promisify(execFile)(process.execPath, [CLI, '--from', '2026-13-01'], { cwd: ROOT });
    await expect(run).rejects.toMatchObject({
      code: 64,
      stderr: expect.stringContaining('--from must be a date'),
    });
  });
});
