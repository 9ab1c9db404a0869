import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

/**
 * Citations a reader of the repository cannot follow: issue numbers of the tracker and the documents
 * of the product's specification, which live outside it. A comment or a page says the reason itself,
 * or names a file that is here (docs/decisions.md carries the product decisions the code cites).
 * Each pattern is written so that this file does not match it.
 */
const OUTSIDE = [
  /\b[Ii]ssues? #?\d+/,
  /\bproduct-?spec\.md\b|\bproduct-spec\b/,
  /\bARCHITECTURE\.md\b/,
  /\bSTYLE\.md\b/,
  /\bshared\s+decisions\b/,
  /\bdefect\s+fix\b/,
  // Sections of the product specification.
  /\b[Ss]pec §/,
  /\.\.\/shared\/(?:spec|STYLE|ARCHITECTURE)/,
];

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);

function citationsIn(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(join(ROOT, file), 'utf8');
  } catch {
    return []; // deleted in the work tree, not yet in the index
  }
  if (text.includes('\0')) return []; // binary
  return text
    .split('\n')
    .map((line, i) => ({ line, number: i + 1 }))
    .filter(({ line }) => OUTSIDE.some((pattern) => pattern.test(line)))
    .map(({ line, number }) => `${file}:${number}: ${line.trim().slice(0, 120)}`);
}

describe('the repository cites nothing outside it', () => {
  it('reads the tracked files', () => {
    expect(tracked.length).toBeGreaterThan(500);
  });

  it('has no issue numbers or outside documents in any tracked file', () => {
    expect(tracked.flatMap(citationsIn)).toEqual([]);
  });

  // Split in two, so that this file does not cite them itself.
  it.each([
    ['an issue number', '// Metered by the second (iss' + 'ue 18 §3).'],
    ['an outside document', ' * As the product' + '-spec says.'],
    ['an outside decision', '// (decisions.md, defect' + ' fix 2)'],
    ['a section of the specification', '/** The pricing page (sp' + 'ec §2). */'],
  ])('would catch %s', (_kind, line) => {
    expect(OUTSIDE.some((pattern) => pattern.test(line))).toBe(true);
  });
});
