import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ENV_SCHEMA } from './schema';

describe('README configuration table', () => {
  it('documents every environment variable the backend reads', () => {
    const readme = readFileSync(path.join(__dirname, '../../../README.md'), 'utf8');
    const undocumented = Object.keys(ENV_SCHEMA).filter(
      (name) => !new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`, 'm').test(readme),
    );
    expect(undocumented).toEqual([]);
  });
});
