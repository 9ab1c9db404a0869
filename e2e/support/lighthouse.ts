import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ARTIFACTS_DIR, REPO_ROOT } from './paths';

export const LIGHTHOUSE_DIR = path.join(ARTIFACTS_DIR, 'lighthouse');
const AUDIT_SCRIPT = path.join(REPO_ROOT, 'scripts', 'lighthouse-audit.mjs');

export interface LighthouseScores {
  url: string;
  /** 0–100, as Lighthouse shows them. */
  performance: number;
  accessibility: number;
  /** The metrics behind the performance score, in milliseconds (CLS unitless). */
  metrics: Record<string, number>;
}

/**
 * Audits `url` with Lighthouse (scripts/lighthouse-audit.mjs, a process of its own: Lighthouse is
 * an ES module that jest's sandbox cannot import) and saves artifacts/lighthouse/<name>.report.*.
 */
export async function runLighthouse(url: string, name: string): Promise<LighthouseScores> {
  const { stdout } = await promisify(execFile)(process.execPath, [AUDIT_SCRIPT, url, name, LIGHTHOUSE_DIR], {
    cwd: REPO_ROOT,
    timeout: 150_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as LighthouseScores;
}
