import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * SQL lives in libs/db's repositories (and its migrations): one owner per table, each query tested on
 * PostgreSQL where it is written, none re-written by hand elsewhere. This scans every service and
 * library (source and tests), the browser suites and the scripts (benchmarks included) for SQL in
 * string literals and for the calls that run it, so a query added anywhere else fails here and is
 * moved into its repository instead: tests arrange rows with libs/testing's `given.*` and read them
 * through the entities and repositories, as the services do.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * Where SQL may be written: the repositories, the migrations, the database bootstrap (no ORM yet), and
 * the tests' operations on the server itself (sessions, locks, databases), which hold no product data.
 */
const ALLOWED = [
  'libs/db/src/repositories/',
  'libs/db/src/migrations/',
  'libs/db/src/ensure-database.ts',
  'libs/db/src/sql-stays-in-repositories.spec.ts',
  'libs/testing/src/database-server.ts',
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
      } else if (/\.(ts|tsx|mjs|cjs|js)$/.test(entry.name)) files.push(relative);
    }
  };
  dirs.forEach(walk);
  return files.sort();
}

/** Where code that could talk to the database lives: the frontends cannot, and their texts say "select … from". */
const SCANNED = ['services', 'libs', 'e2e', 'scripts'];

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
  const files = codeFiles(SCANNED);
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

  it('reads the real tree: sources, tests, browser suites and scripts (the repositories’ SQL is found)', () => {
    for (const scanned of [
      'services/api/src/main.ts',
      'services/api/test/support/given.ts',
      'libs/testing/src/given.ts',
      'e2e/support/given.ts',
      'scripts/bench.mjs',
    ])
      expect(files).toContain(scanned);
    expect(findings.has('libs/db/src/repositories/rate-history.repository.ts')).toBe(true);
    expect(findings.has('libs/db/src/repositories/usage.repository.ts')).toBe(true);
    expect(findings.has('libs/testing/src/database-server.ts')).toBe(true);
  });

  it('finds none anywhere else', () => {
    const outside = [...findings]
      .filter(([file]) => !ALLOWED.some((allowed) => file.startsWith(allowed)))
      .map(([file, finding]) => `${file}: ${finding}`);
    expect(outside).toEqual([]);
  });
});
