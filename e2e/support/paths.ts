import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'artifacts');
export const SCREENSHOTS_DIR = path.join(ARTIFACTS_DIR, 'screenshots');
/** The log of the API of jest worker `workerId`'s stack. */
export const apiLogFile = (workerId: number) => path.join(ARTIFACTS_DIR, `e2e-api-w${workerId}.log`);
export const SERVE_WEB_SCRIPT = path.join(REPO_ROOT, 'scripts', 'serve-web.mjs');

/** Build output the browser tests run against. */
export const BUILD_OUTPUTS = [
  'dist/services/api/src/main.js',
  'dist/libs/db/src/cli/migrate.js',
  'frontends/shell/dist/index.html',
  'frontends/marketing/dist/mf-manifest.json',
  'frontends/dashboard/dist/mf-manifest.json',
  'frontends/billing/dist/mf-manifest.json',
];
