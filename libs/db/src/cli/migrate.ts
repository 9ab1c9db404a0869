/*
 * Operator command: `npm run migrate` (up) — run at deploy/start time, never inside the API's boot.
 * Developer command: `npm run migration:create -- <name>` (create) — a new, empty migration to fill in.
 */
import path from 'node:path';
import { loadConfigOrExit } from '@fxrates/config';
import { createMigration, MIGRATION_NAME } from '../create-migration';
import { migrateUp } from '../migrate';
import { MIGRATIONS_FOLDER } from '../orm-config';

const USAGE = 'Usage: migrate up | migrate create <snake_case_name>';

async function up(): Promise<void> {
  const config = loadConfigOrExit();
  const applied = await migrateUp(config.database);
  process.stdout.write(
    applied.length
      ? `Applied ${applied.length} migration(s): ${applied.join(', ')}\n`
      : 'Database is up to date.\n',
  );
}

/** Run from the repository root (npm does): the migrations folder is relative to it. */
async function create(name: string | undefined): Promise<void> {
  if (!name || !MIGRATION_NAME.test(name)) {
    process.stderr.write(`A migration needs a snake_case name. ${USAGE}\n`);
    process.exit(64);
  }
  const { className, file } = await createMigration(name, path.resolve(MIGRATIONS_FOLDER));
  process.stdout.write(
    `Created ${path.relative(process.cwd(), file)} (${className}), registered in its index.ts: ` +
      `write its SQL, then npm run build:backend && npm run migrate.\n`,
  );
}

async function main(): Promise<void> {
  const [command = 'up', ...rest] = process.argv.slice(2);
  if (command === 'up' && rest.length === 0) return up();
  if (command === 'create' && rest.length <= 1) return create(rest[0]);
  process.stderr.write(`Unknown command "${process.argv.slice(2).join(' ')}". ${USAGE}\n`);
  process.exit(64);
}

main().catch((error: Error) => {
  process.stderr.write(`Migration failed: ${error.message}\n`);
  process.exit(1);
});
