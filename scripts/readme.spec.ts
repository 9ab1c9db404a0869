import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Relative links of a markdown page: `[text](target)`, without the anchor; web links left out. */
const relativeLinks = (markdown: string) =>
  [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target.split('#')[0])
    .filter((target) => target !== '' && !/^[a-z]+:/.test(target));

const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('README.md, the front door', () => {
  // Past a screenful or three a newcomer stops reading; the details belong to docs/.
  it('has fewer than 150 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThan(150);
  });

  it('leads to the configuration page rather than listing every variable itself', () => {
    const readme = read('README.md');
    expect(readme).toContain('(docs/configuration.md)');
    expect(readme.match(/^\| `[A-Z0-9_]+` /gm) ?? []).toEqual([]);
  });
});

describe.each(PAGES)('%s', (page) => {
  it('links only to files in the repository', () => {
    const missing = relativeLinks(read(page)).filter(
      (target) => !existsSync(join(ROOT, dirname(page), target)),
    );
    expect(missing).toEqual([]);
  });
});
