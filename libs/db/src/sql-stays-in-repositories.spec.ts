import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * SQL lives in libs/db's repositories (and its migrations): one owner per table, each query tested on
 * PostgreSQL where it is written, none re-written by hand elsewhere. This scans the source of every
 * service and library for SQL in string literals and for the calls that run it, so a query added
 * anywhere else fails here and is moved into its repository instead.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Where SQL may be written: the repositories, the migrations, and the database bootstrap (no ORM yet). */
const ALLOWED = [
  'libs/db/src/repositories/',
  'libs/db/src/migrations/',
  'libs/db/src/ensure-database.ts',
  'libs/db/src/sql-stays-in-repositories.spec.ts',
];

/** Quoted and template string literals (a template's `${…}` parts included as text). */
const LITERAL = /`(?:[^`\\]|\\.)*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g;
/** Statements as the code writes them: a keyword pair no English sentence of a message uses so. */
const SQL_IN_LITERAL = [
  /\bselect\b[\s\S]*\bfrom\s+["\w(]/i,
  /\binsert\s+into\s+["\w]/i,
  /\bdelete\s+from\s+["\w]/i,
  /\bupdate\s+["\w]+(\s+\w+)?\s+set\s/i,
  /^\s*(lock\s+table|vacuum|truncate|select\s+(1|pg_\w+\()|with\s+recursive)\b/i,
  /\bfor\s+(no\s+key\s+)?update\b\s*(skip\s+locked|nowait)?\s*$/im,
];
/** The calls that run SQL through MikroORM or Knex, whatever the string. */
const SQL_CALL =
  /\.getKnex\(|\.raw\(|getConnection\(\)\s*\.\s*execute\(|\b(em|tx|orm\.em|this\.em)\s*\.\s*execute\(/;

/** The code files under `dirs` (repository-relative), node_modules and build output left out. */
function codeFiles(dirs: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(relative);
      } else if (/\.(ts|tsx|mjs|js)$/.test(entry.name)) files.push(relative);
    }
  };
  dirs.forEach(walk);
  return files.sort();
}

/** `<dir>` of every package of services/ and libs/ that has one (`src`, `test`). */
function packageDirs(dir: string): string[] {
  return ['services', 'libs'].flatMap((top) =>
    readdirSync(path.join(ROOT, top), { withFileTypes: true })
      .filter((pkg) => pkg.isDirectory() && readdirSync(path.join(ROOT, top, pkg.name)).includes(dir))
      .map((pkg) => `${top}/${pkg.name}/${dir}`),
  );
}

const sourceFiles = () => codeFiles(packageDirs('src'));

/** Why a file's text holds SQL (its first finding), or undefined when it holds none. */
export function sqlIn(text: string): string | undefined {
  const call = SQL_CALL.exec(text);
  if (call) return `runs SQL: ${call[0]}`;
  for (const literal of text.match(LITERAL) ?? []) {
    const inside = literal.slice(1, -1);
    if (SQL_IN_LITERAL.some((pattern) => pattern.test(inside)))
      return `SQL in a string: ${literal.slice(0, 80)}`;
  }
  return undefined;
}

describe('SQL stays in libs/db’s repositories', () => {
  const files = sourceFiles();
  const findings = new Map(
    files.flatMap((file) => {
      const finding = sqlIn(readFileSync(path.join(ROOT, file), 'utf8'));
      return finding === undefined ? [] : [[file, finding] as const];
    }),
  );

  it('finds the SQL it is meant to find', () => {
    expect(sqlIn("await em.getConnection().execute('select 1')")).toBeDefined();
    expect(sqlIn('tx.execute(QUERY, [id])')).toBeDefined();
    expect(sqlIn('const q = `select id\n  from api_keys where user_id = ?`;')).toBeDefined();
    expect(sqlIn("const q = 'insert into users (id) values ($1)';")).toBeDefined();
    expect(sqlIn('`update api_keys k set status = ?`')).toBeDefined();
    expect(sqlIn("'delete from rate_history where source = $1'")).toBeDefined();
    expect(sqlIn("'lock table usage_daily in share mode'")).toBeDefined();
    expect(sqlIn('`vacuum (analyze) rate_history`')).toBeDefined();
    expect(sqlIn("'select id from users where id = ? for update'")).toBeDefined();
    expect(sqlIn("const text = 'Pick one of the plans, then update your card.';")).toBeUndefined();
    expect(sqlIn('// select the rows from the table')).toBeUndefined();
  });

  it('reads the real source tree (the repositories’ SQL is found)', () => {
    expect(findings.has('libs/db/src/repositories/rate-history.repository.ts')).toBe(true);
    expect(findings.has('libs/db/src/repositories/usage.repository.ts')).toBe(true);
  });

  it('finds none outside the repositories and migrations', () => {
    const outside = [...findings]
      .filter(([file]) => !ALLOWED.some((allowed) => file.startsWith(allowed)))
      .map(([file, finding]) => `${file}: ${finding}`);
    expect(outside).toEqual([]);
  });
});

/**
 * Test code that still writes SQL of its own (arranging rows, reading what was stored) instead of
 * libs/testing's `given.*` and the repositories. The list only shrinks: no other test file may hold
 * SQL, and a file that no longer does leaves the list.
 */
const TEST_FILES_STILL_WITH_SQL = [
  'e2e/cluster/soak/soak-world.ts',
  'e2e/cluster/specs/exact-across-instances.cluster.ts',
  'e2e/cluster/verified-email.ts',
  'e2e/images/stack.images.ts',
  'e2e/specs/disabled-keys-paging.e2e.ts',
  'e2e/specs/docs-key-tester.e2e.ts',
  'e2e/specs/home-converter.e2e.ts',
  'e2e/specs/quota-banner.e2e.ts',
  'e2e/specs/reauthentication.e2e.ts',
  'e2e/specs/receipts.e2e.ts',
  'e2e/specs/two-factor.e2e.ts',
  'e2e/support/verified-email.ts',
  'libs/db/test/closes-import.repository.e2e-spec.ts',
  'libs/db/test/rate-history.repository.e2e-spec.ts',
  'services/api/test/account-deletion.e2e-spec.ts',
  'services/api/test/account-export.e2e-spec.ts',
  'services/api/test/account-notifications.e2e-spec.ts',
  'services/api/test/account-payments.e2e-spec.ts',
  'services/api/test/account-sessions.e2e-spec.ts',
  'services/api/test/account.e2e-spec.ts',
  'services/api/test/auth.e2e-spec.ts',
  'services/api/test/cache-invalidation.e2e-spec.ts',
  'services/api/test/caching.e2e-spec.ts',
  'services/api/test/contact.e2e-spec.ts',
  'services/api/test/convert.e2e-spec.ts',
  'services/api/test/database-pool.e2e-spec.ts',
  'services/api/test/given.e2e-spec.ts',
  'services/api/test/keys.e2e-spec.ts',
  'services/api/test/pair-history.e2e-spec.ts',
  'services/api/test/paypal-local-dev.e2e-spec.ts',
  'services/api/test/paypal-webhooks.e2e-spec.ts',
  'services/api/test/plan-changes.e2e-spec.ts',
  'services/api/test/postgres-kill-writes.e2e-spec.ts',
  'services/api/test/postgres-restart.e2e-spec.ts',
  'services/api/test/rate-history-ecb.e2e-spec.ts',
  'services/api/test/rate-history-sources.e2e-spec.ts',
  'services/api/test/rate-history-store.e2e-spec.ts',
  'services/api/test/redis-faults.e2e-spec.ts',
  'services/api/test/security/account-data.e2e-spec.ts',
  'services/api/test/security/api1-object-level-authorisation.e2e-spec.ts',
  'services/api/test/security/api10-unsafe-consumption.e2e-spec.ts',
  'services/api/test/security/api2-broken-authentication.e2e-spec.ts',
  'services/api/test/security/api3-property-level-authorisation.e2e-spec.ts',
  'services/api/test/security/api4-resource-consumption.e2e-spec.ts',
  'services/api/test/security/api6-sensitive-business-flows.e2e-spec.ts',
  'services/api/test/security/api7-server-side-request-forgery.e2e-spec.ts',
  'services/api/test/security/email-change.e2e-spec.ts',
  'services/api/test/security/password-reset.e2e-spec.ts',
  'services/api/test/security/support/accounts.ts',
  'services/api/test/sessions.e2e-spec.ts',
  'services/api/test/stream-keys.e2e-spec.ts',
  'services/api/test/subscription-cancel.e2e-spec.ts',
  'services/api/test/subscriptions.e2e-spec.ts',
  'services/api/test/support/account-data.ts',
  'services/api/test/support/auth-client.ts',
  'services/api/test/support/worker-resources.ts',
  'services/api/test/timeseries-export.e2e-spec.ts',
  'services/api/test/two-factor.e2e-spec.ts',
  'services/api/test/worker-resources.e2e-spec.ts',
  'services/worker/test/email.e2e-spec.ts',
  'services/worker/test/history-backfill-coingecko.e2e-spec.ts',
  'services/worker/test/history-backfill.e2e-spec.ts',
  'services/worker/test/lapsed-plans.e2e-spec.ts',
  'services/worker/test/maintenance.e2e-spec.ts',
  'services/worker/test/paypal-price-checks.e2e-spec.ts',
  'services/worker/test/paypal-webhooks-crash.e2e-spec.ts',
  'services/worker/test/paypal-webhooks-outage.e2e-spec.ts',
  'services/worker/test/paypal-webhooks.e2e-spec.ts',
  'services/worker/test/plan-announcements.e2e-spec.ts',
  'services/worker/test/plan-changes.e2e-spec.ts',
  'services/worker/test/quota-alerts.e2e-spec.ts',
  'services/worker/test/rate-history-writer.e2e-spec.ts',
  'services/worker/test/rates-backfill.e2e-spec.ts',
  'services/worker/test/rates-default-providers.e2e-spec.ts',
  'services/worker/test/rates-ingest-providers.e2e-spec.ts',
  'services/worker/test/rates-provider-faults.e2e-spec.ts',
  'services/worker/test/rates-seed.e2e-spec.ts',
  'services/worker/test/reconcile.e2e-spec.ts',
  'services/worker/test/subscription-payments.e2e-spec.ts',
  'services/worker/test/support/billing-probe.ts',
  'services/worker/test/support/history-rows.ts',
  'services/worker/test/support/worker-processes.ts',
  'services/worker/test/usage-flush.e2e-spec.ts',
  'services/worker/test/worker-kill.e2e-spec.ts',
  'services/worker/test/worker-metrics.e2e-spec.ts',
  'services/worker/test/worker-sigterm.e2e-spec.ts',
];

describe('SQL in test code', () => {
  const findings = new Map(
    codeFiles([...packageDirs('test'), 'e2e']).flatMap((file) => {
      const finding = sqlIn(readFileSync(path.join(ROOT, file), 'utf8'));
      return finding === undefined ? [] : [[file, finding] as const];
    }),
  );

  it('is in no test file but those still listed (arrange with given.*, read through a repository)', () => {
    const unlisted = [...findings]
      .filter(([file]) => !TEST_FILES_STILL_WITH_SQL.includes(file))
      .map(([file, finding]) => `${file}: ${finding}`);
    expect(unlisted).toEqual([]);
  });

  it('is still in each listed file (one that no longer holds any leaves the list)', () => {
    expect(TEST_FILES_STILL_WITH_SQL.filter((file) => !findings.has(file))).toEqual([]);
  });
});
