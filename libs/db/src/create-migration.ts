import { TSMigrationGenerator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ormConfig } from './orm-config';

/** snake_case, as the committed migrations are named: `Migration<UTC timestamp>_<name>`. */
export const MIGRATION_NAME = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const PRINT_WIDTH = 110; // .prettierrc

/**
 * Our migrations are hand-written SQL: the entities do not describe every check constraint, partial
 * index and column default the migrations create, so MikroORM's schema diff would undo them. A new
 * migration therefore starts empty, in the house form, for its author to fill in.
 */
class HandWrittenMigrationGenerator extends TSMigrationGenerator {
  override generateMigrationFile(className: string): string {
    return [
      `import { Migration } from '@mikro-orm/migrations';`,
      ``,
      `/** TODO: why this change, and what it does to the data already there. */`,
      `export class ${className} extends Migration {`,
      `  override async up(): Promise<void> {`,
      `    this.addSql(\`-- TODO: the change\`);`,
      `  }`,
      ``,
      `  override async down(): Promise<void> {`,
      `    this.addSql(\`-- TODO: its undoing\`);`,
      `  }`,
      `}`,
      ``,
    ].join('\n');
  }
}

/**
 * Writes `Migration<timestamp>_<name>.ts` into `directory` with MikroORM's migration generator and
 * registers it in the directory's index.ts (MIGRATIONS lists every migration explicitly), so the
 * migrator sees it as pending at once. Needs no database.
 */
export async function createMigration(
  name: string,
  directory: string,
): Promise<{ className: string; file: string }> {
  if (!MIGRATION_NAME.test(name)) {
    throw new Error(`A migration name is snake_case (e.g. add_invoice_numbers), got "${name}"`);
  }
  // MikroORM's own `migrator.create` connects even for a blank migration (to read the schema it
  // would diff); a blank one needs only the generator, and the ORM constructed (not connected) for it.
  const orm = new MikroORM(ormConfig({ url: 'postgres://unused/none', poolMax: 1 }));
  try {
    const generator = new HandWrittenMigrationGenerator(
      orm.em.getDriver(),
      orm.config.getNamingStrategy(),
      orm.config.get('migrations'),
    );
    const [, fileName] = await generator.generate({ up: [], down: [] }, directory, name);
    const className = path.basename(fileName, '.ts');
    await register(className, path.join(directory, 'index.ts'));
    return { className, file: path.join(directory, fileName) };
  } finally {
    await orm.close(true);
  }
}

/** Adds the import and the MIGRATIONS entry, laid out as Prettier lays them out. */
async function register(className: string, indexFile: string): Promise<void> {
  const lines = (await readFile(indexFile, 'utf8')).split('\n');
  const lastImport = lines.findLastIndex((line) => /^import \{ Migration\d+/.test(line));
  const end = lines.lastIndexOf('];');
  if (lastImport < 0 || end < 0) throw new Error(`${indexFile} is not the migrations index this expects`);
  const entry = `  { name: '${className}', class: ${className} },`;
  const entryLines =
    entry.length <= PRINT_WIDTH
      ? [entry]
      : ['  {', `    name: '${className}',`, `    class: ${className},`, '  },'];
  lines.splice(end, 0, ...entryLines);
  lines.splice(lastImport + 1, 0, `import { ${className} } from './${className}';`);
  await writeFile(indexFile, lines.join('\n'));
}
