import os from 'node:os';
import path from 'node:path';
import { runSoak } from '../soak/run-soak';
import { DEFAULT_RATE, soakOptions } from '../soak/soak-options';
import { writeSoakReport } from '../soak/soak-report';

/**
 * The soak of `npm run soak`, for 60 s: the same cluster, mix and verdict as the 10-minute run, with
 * 10-second rows and the RSS criterion judged after the first 20 s (docs/reliability-soak.md).
 * The report is kept in artifacts/soak/ci-<time>/ for a failing build to show.
 */
describe('the soak (60 s)', () => {
  it('serves a fixed-rate realistic mix with zero errors, flat RSS and a flat p99', async () => {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const outDir = path.join(__dirname, '../../../artifacts/soak', `ci-${stamp}`);
    const lines: string[] = [];
    const report = await runSoak(soakOptions(60, DEFAULT_RATE, outDir), (line) => lines.push(line));
    await writeSoakReport(report);

    const failed = report.verdict.checks.filter((check) => !check.pass);
    expect({ failed, output: lines.join(os.EOL) }).toEqual({ failed: [], output: expect.any(String) });
    // The load ran at the rate asked for: open loop, every scheduled request was made and answered.
    expect(report.totals.requests).toBe(60 * DEFAULT_RATE);
    expect(report.totals.ok + report.totals.expected).toBe(report.totals.requests);
  }, 240_000);
});
