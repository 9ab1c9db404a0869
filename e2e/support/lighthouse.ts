import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ARTIFACTS_DIR, REPO_ROOT } from './paths';

export const LIGHTHOUSE_DIR = path.join(ARTIFACTS_DIR, 'lighthouse');
const AUDIT_SCRIPT = path.join(REPO_ROOT, 'scripts', 'lighthouse-audit.mjs');

export interface LighthouseAccessibility {
  url: string;
  /** 0–100, as Lighthouse shows it. */
  accessibility: number;
  /** Ids of the accessibility audits that failed (e.g. `color-contrast`). */
  accessibilityFindings: string[];
}

/**
 * Audits `url`'s accessibility with Lighthouse (scripts/lighthouse-audit.mjs, a process of its own:
 * Lighthouse is an ES module that jest's sandbox cannot import) and saves
 * artifacts/lighthouse/<name>.report.*. Accessibility alone: its findings are the same on a busy
 * machine as on an idle one, where the performance score and timings are not; those are reported by
 * `npm run bench -- --only lighthouse`.
 */
export async function auditAccessibility(url: string, name: string): Promise<LighthouseAccessibility> {
  const { stdout } = await promisify(execFile)(process.execPath, [AUDIT_SCRIPT, url, name, LIGHTHOUSE_DIR], {
    cwd: REPO_ROOT,
    env: { ...process.env, LIGHTHOUSE_CATEGORIES: 'accessibility' },
    timeout: 150_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as LighthouseAccessibility;
}
