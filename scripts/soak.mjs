// `npm run soak -- [--minutes N] [--rate R]`: builds the backend when its output is missing or older
// than a source, then runs the compiled soak (e2e/cluster/soak/main.ts) and exits with its verdict.
// docs/reliability-soak.md describes the method and the pass criteria.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'dist/e2e/cluster/soak/main.js');
const sourceDirs = [
  'services/api/src',
  'services/worker/src',
  'libs',
  'e2e/cluster',
  'services/api/test/support',
  'services/worker/test/support',
];

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0;
if (sourceDirs.some((dir) => newestSource(path.join(root, dir)) > builtAt)) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-backend.mjs')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(process.execPath, [entry, ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
process.exit(run.status ?? 1);
