import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIGURATION_DOCS_PATH, configurationDocs } from './configuration-docs';
import { ENV_SCHEMA } from './schema';

const root = path.join(__dirname, '../../..');
const target = path.join(root, CONFIGURATION_DOCS_PATH);

describe('docs/configuration.md', () => {
  it('is what the schema generates (run `npm run docs:config` and commit the page when this fails)', () => {
    // prettier's API loads itself by dynamic import, which jest's CommonJS runtime refuses: its CLI
    // formats the page as `npm run docs:config` and `npm run lint` do.
    const generated = execFileSync(
      process.execPath,
      [require.resolve('prettier/bin/prettier.cjs'), '--stdin-filepath', target],
      { cwd: root, input: configurationDocs(), encoding: 'utf8' },
    );
    expect(readFileSync(target, 'utf8')).toBe(generated);
  });

  it('lists every environment variable the backend reads, once, with a meaning', () => {
    const page = readFileSync(target, 'utf8');
    const rows = [...page.matchAll(/^\| `([A-Z0-9_]+)`\s*\|.*\|\s*([^|]*?)\s*\|$/gm)];
    expect(rows.map(([, name]) => name)).toEqual(Object.keys(ENV_SCHEMA));
    expect(rows.filter(([, , meaning]) => meaning === '').map(([, name]) => name)).toEqual([]);
  });

  it('marks what production requires and which variables are secrets', () => {
    const page = readFileSync(target, 'utf8');
    const row = (name: string) => page.match(new RegExp(`^\\| \`${name}\`.*$`, 'm'))?.[0] ?? '';
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'API_KEY_HASH_SECRET']) {
      expect([name, row(name)]).toEqual([name, expect.stringMatching(/\| \*\*required\*\* +\| yes +\|/)]);
    }
    expect(row('WEB_URL')).toMatch(/\| \*\*required\*\* +\| +\|/);
    expect(row('API_PORT')).toMatch(/\| the same +\| +\|/);
  });
});
