import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

/** Documents whose table cites, in its last column, the tests that prove each row. */
const DOCS = [
  { doc: 'docs/security.md', minimumRows: 20 },
  { doc: 'docs/reliability.md', minimumRows: 10 },
];

interface Proof {
  file: string;
  title: string;
}

const cellsOf = (line: string) =>
  line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
const isDivider = (line: string) => /^\|\s*:?-/.test(line);

/** The tables of a document: each its run of lines that start with `|`, header and divider first. */
function tablesOf(markdown: string): string[][] {
  const tables: string[][] = [];
  let current: string[] | undefined;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      current = undefined;
      continue;
    }
    if (!current) tables.push((current = []));
    current.push(line);
  }
  return tables;
}

/** The rows of a table below its header and divider: the first cell and the proofs in the last. */
function rowsOf(table: string[]): { subject: string; proofs: Proof[] }[] {
  return table
    .slice(2)
    .map(cellsOf)
    .map((cells) => {
      const proofs = [...cells[cells.length - 1].matchAll(/`([^`]+\.ts)` › "([^"]+)"/g)].map(
        ([, file, title]) => ({ file, title }),
      );
      return { subject: cells[0], proofs };
    });
}

/** The docs are kept true by the suite: every test they cite exists, under that title. */
describe.each(DOCS)('$doc', ({ doc, minimumRows }) => {
  const tables = tablesOf(readFileSync(join(ROOT, doc), 'utf8'));
  const rows = tables.flatMap(rowsOf);

  it('has its table', () => {
    expect(rows.length).toBeGreaterThanOrEqual(minimumRows);
  });

  // A merge can leave a second copy of a table inside the first: its rows would be read twice, or a
  // row kept in one copy only, and its header and divider would be taken for rows.
  it('has one header and divider a table, at its top', () => {
    for (const table of tables) {
      const header = cellsOf(table[0]).join(' | ');
      expect([header, isDivider(table[1] ?? '')]).toEqual([header, true]);
      const inside = table.slice(2).filter((line) => isDivider(line) || cellsOf(line).join(' | ') === header);
      expect([header, inside]).toEqual([header, []]);
    }
  });

  it('repeats no row within a table', () => {
    for (const table of tables) {
      const subjects = rowsOf(table).map((row) => row.subject);
      const repeated = subjects.filter((subject, i) => subjects.indexOf(subject) !== i);
      expect([cellsOf(table[0]).join(' | '), repeated]).toEqual([cellsOf(table[0]).join(' | '), []]);
    }
  });

  it.each(rows.map((row) => [row.subject, row] as const))('proves "%s" with a test', (_subject, row) => {
    expect(row.proofs.length).toBeGreaterThan(0);
    for (const { file, title } of row.proofs) {
      expect([file, existsSync(join(ROOT, file))]).toEqual([file, true]);
      expect([file, readFileSync(join(ROOT, file), 'utf8').includes(title)]).toEqual([file, true]);
    }
  });
});
