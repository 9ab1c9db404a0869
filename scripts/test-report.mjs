// After `npm test`: the totals, and the 25 slowest test files (wall time of each file in its worker),
// so a file that grows slow is seen in the next run rather than in the CI's total.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const resultsFile = process.argv[2] ?? 'artifacts/jest-results.json';
const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
const root = process.cwd();

// jest --json: each file's startTime and endTime (ms since the epoch); a file that failed to load has none.
const files = results.testResults
  .filter((file) => file.startTime && file.endTime)
  .map((file) => ({
    name: path.relative(root, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    end: file.endTime,
    failed: file.status === 'failed',
  }))
  .sort((a, b) => b.seconds - a.seconds);

const wallSeconds = files.length
  ? (Math.max(...files.map((file) => file.end)) - results.startTime) / 1000
  : 0;
const fileSeconds = files.reduce((sum, file) => sum + file.seconds, 0);
console.log(`\nSlowest ${Math.min(25, files.length)} of ${files.length} test files:`);
for (const file of files.slice(0, 25)) {
  console.log(`  ${file.seconds.toFixed(1).padStart(7)} s  ${file.name}${file.failed ? '  (failed)' : ''}`);
}
console.log(
  `Files took ${(fileSeconds / 60).toFixed(1)} min one after another; the run took ${(wallSeconds / 60).toFixed(1)} min.`,
);

const skipped = results.numPendingTests + results.numTodoTests;
console.log(
  `\n${results.numPassedTests} passed, ${results.numFailedTests} failed` +
    (skipped ? `, ${skipped} skipped` : ''),
);
