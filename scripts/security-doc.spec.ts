import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const DOC = 'docs/security.md';

interface Proof {
  file: string;
  title: string;
}

/** The threat table's rows: every line of a Markdown table after its header and divider. */
function rowsOf(markdown: string): { threat: string; proofs: Proof[] }[] {
  const rows = markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  return rows
    .filter(([first]) => first !== 'Threat')
    .map((cells) => {
      const proofs = [...cells[cells.length - 1].matchAll(/`([^`]+\.ts)` › "([^"]+)"/g)].map(
        ([, file, title]) => ({ file, title }),
      );
      return { threat: cells[0], proofs };
    });
}

/** docs/security.md is kept true by the suite: every test it cites exists, under that title. */
describe(DOC, () => {
  const rows = rowsOf(readFileSync(join(ROOT, DOC), 'utf8'));

  it('has a threat table', () => {
    expect(rows.length).toBeGreaterThan(20);
  });

  it.each(rows.map((row) => [row.threat, row] as const))('proves "%s" with a test', (_threat, row) => {
    expect(row.proofs.length).toBeGreaterThan(0);
    for (const { file, title } of row.proofs) {
      expect([file, existsSync(join(ROOT, file))]).toEqual([file, true]);
      expect([file, readFileSync(join(ROOT, file), 'utf8').includes(title)]).toEqual([file, true]);
    }
  });
});
