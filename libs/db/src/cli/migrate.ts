/* Operator command: `npm run migrate` (up) — run at deploy/start time, never inside the API's boot. */
import { loadConfigOrExit } from '@fxrates/config';
import { migrateUp } from '../migrate';

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'up';
  if (command !== 'up') {
    process.stderr.write(`Unknown command "${command}". Usage: migrate up\n`);
    process.exit(64);
  }
  const config = loadConfigOrExit();
  const applied = await migrateUp(config.database);
  process.stdout.write(
    applied.length
      ? `Applied ${applied.length} migration(s): ${applied.join(', ')}\n`
      : 'Database is up to date.\n',
  );
}

main().catch((error: Error) => {
  process.stderr.write(`Migration failed: ${error.message}\n`);
  process.exit(1);
});
