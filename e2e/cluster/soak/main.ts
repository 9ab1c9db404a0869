import path from 'node:path';
import { REPO_ROOT } from '../repo-root';
import { runSoak } from './run-soak';
import { parseSoakArgs, SOAK_USAGE } from './soak-options';
import { writeSoakReport } from './soak-report';

/** `npm run soak`: the cluster under a fixed-rate mix; exit 0 on a pass, 1 on a fail (docs/reliability-soak.md). */
async function main(): Promise<void> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const options = parseSoakArgs(process.argv.slice(2), path.join(REPO_ROOT, 'artifacts', 'soak', stamp));
  if (options === 'help') {
    console.log(SOAK_USAGE);
    return;
  }
  const report = await runSoak(options);
  const dir = await writeSoakReport(report);
  console.log('');
  for (const check of report.verdict.checks)
    console.log(`${check.pass ? '✓' : '✗'} ${check.name}: ${check.detail}`);
  console.log(
    `\n${report.verdict.pass ? 'PASS' : 'FAIL'}: ${report.totals.requests} requests, ${report.totals.errors} errors; ` +
      `report in ${path.relative(process.cwd(), dir) || dir}/report.md`,
  );
  process.exitCode = report.verdict.pass ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 2;
});
