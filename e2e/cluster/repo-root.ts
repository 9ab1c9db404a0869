import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository's root, found from this file: the harness runs from e2e/cluster under jest and from
 * dist/e2e/cluster under plain node (the soak), at different depths.
 */
function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'fxrates-pro'
    )
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`No fxrates-pro package.json above ${start}`);
  }
}

export const REPO_ROOT = findRepoRoot(__dirname);
