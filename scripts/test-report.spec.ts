import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** scripts/test-report.mjs: what `npm test` prints after the run. */
describe('the test run report', () => {
  const root = path.resolve(__dirname, '..');
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'fxrates-test-report-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const report = (results: object) => {
    const file = path.join(dir, 'results.json');
    writeFileSync(file, JSON.stringify(results));
    return execFileSync(process.execPath, ['scripts/test-report.mjs', file], { cwd: root, encoding: 'utf8' });
  };

  it('prints the 25 slowest files, slowest first, the time they took in all and the run’s wall time', () => {
    const startTime = 1_000_000;
    // 30 files of 1…30 s, two workers: the run took as long as its last file's end.
    const testResults = Array.from({ length: 30 }, (_, i) => ({
      name: path.join(root, `services/api/test/file-${i + 1}.e2e-spec.ts`),
      status: i === 3 ? 'failed' : 'passed',
      startTime,
      endTime: startTime + (i + 1) * 1000,
    }));
    const output = report({
      startTime,
      testResults,
      numPassedTests: 70,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
    });

    const listed = [...output.matchAll(/^ +([\d.]+) s {2}(\S+)(.*)$/gm)];
    expect(listed).toHaveLength(25);
    expect(listed.map((line) => line[2])[0]).toBe('services/api/test/file-30.e2e-spec.ts');
    expect(listed.map((line) => Number(line[1]))).toEqual(Array.from({ length: 25 }, (_, i) => 30 - i));
    expect(output).toContain('Slowest 25 of 30 test files:');
    // 1 + 2 + … + 30 s = 465 s one after another; the run ended 30 s after it started.
    expect(output).toContain('Files took 7.8 min one after another; the run took 0.5 min.');
    expect(output).toContain('70 passed, 1 failed');
  });

  it('marks a failed file among the slowest', () => {
    const output = report({
      startTime: 1,
      testResults: [
        { name: path.join(root, 'a.spec.ts'), status: 'failed', startTime: 1, endTime: 2001 },
        // A file that failed to load: no times.
        { name: path.join(root, 'b.spec.ts'), status: 'failed', message: 'Cannot find module' },
      ],
      numPassedTests: 0,
      numFailedTests: 1,
      numPendingTests: 1,
      numTodoTests: 0,
    });
    expect(output).toMatch(/2\.0 s {2}a\.spec\.ts {2}\(failed\)/);
    expect(output).toContain('0 passed, 1 failed, 1 skipped');
  });
});
