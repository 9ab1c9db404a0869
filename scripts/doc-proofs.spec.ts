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

/** Table rows (not headers: a header is the row above a divider): the first cell and the proofs in the last. */
function rowsOf(markdown: string): { subject: string; proofs: Proof[] }[] {
  const lines = markdown.split('\n');
  const divider = (line: string | undefined) => line !== undefined && /^\|\s*-/.test(line);
  return lines
    .filter((line, i) => line.startsWith('|') && !divider(line) && !divider(lines[i + 1]))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .map((cells) => {
      const proofs = [...cells[cells.length - 1].matchAll(/`([^`]+\.ts)` › "([^"]+)"/g)].map(
        ([, file, title]) => ({ file, title }),
      );
      return { subject: cells[0], proofs };
    });
}

/** The docs are kept true by the suite: every test they cite exists, under that title. */
describe.each(DOCS)('$doc', ({ doc, minimumRows }) => {
  const rows = rowsOf(readFileSync(join(ROOT, doc), 'utf8'));

  it('has its table', () => {
    expect(rows.length).toBeGreaterThanOrEqual(minimumRows);
  });

  it.each(rows.map((row) => [row.subject, row] as const))('proves "%s" with a test', (_subject, row) => {
    expect(row.proofs.length).toBeGreaterThan(0);
    for (const { file, title } of row.proofs) {
      expect([file, existsSync(join(ROOT, file))]).toEqual([file, true]);
      expect([file, readFileSync(join(ROOT, file), 'utf8').includes(title)]).toEqual([file, true]);
    }
  });
});
