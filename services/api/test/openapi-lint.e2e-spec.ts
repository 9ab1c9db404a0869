import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const ROOT = resolve(__dirname, '../../..');
const run = promisify(execFile);
/** Two CLIs starting Node and reading a 300 KB document: seconds on a busy 2-core machine, not 5. */
const LINT_TIMEOUT_MS = 60_000;

/** A finding of either linter, reduced to what a reader needs to fix it. */
interface Finding {
  rule: string;
  severity: 'error' | 'warning' | 'info';
  where: string;
  message: string;
}

/**
 * Runs a linter's CLI (from node_modules, never fetched) and returns its stdout. Both exit non-zero
 * when they find errors, which is the assertion's business, not a reason to throw here.
 */
async function lintOutput(args: string[]): Promise<string> {
  const env = {
    ...process.env,
    // Redocly: no usage telemetry, no update check against the npm registry.
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    NO_COLOR: '1',
  };
  try {
    return (await run(process.execPath, args, { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (!stdout?.trim()) throw new Error(`${args.join(' ')} printed nothing:\n${stderr}`);
    return stdout;
  }
}

async function spectral(file: string): Promise<Finding[]> {
  const stdout = await lintOutput([
    join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js'),
    'lint',
    '--ruleset',
    join(ROOT, '.spectral.yaml'),
    '--format',
    'json',
    '--fail-severity',
    'error',
    // Only the JSON on stdout (else "No results…" follows it).
    '--quiet',
    file,
  ]);
  const severities = ['error', 'warning', 'info', 'info'] as const;
  const results = JSON.parse(stdout) as {
    code: string;
    severity: number;
    path: string[];
    message: string;
  }[];
  return results.map((r) => ({
    rule: r.code,
    severity: severities[r.severity],
    where: r.path.join(' '),
    message: r.message,
  }));
}

async function redocly(file: string): Promise<Finding[]> {
  const stdout = await lintOutput([
    join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'),
    'lint',
    '--config',
    join(ROOT, 'redocly.yaml'),
    '--format',
    'json',
    file,
  ]);
  const { problems } = JSON.parse(stdout) as {
    problems: {
      ruleId: string;
      severity: 'error' | 'warn';
      message: string;
      location: { pointer: string }[];
    }[];
  };
  return problems.map((p) => ({
    rule: p.ruleId,
    severity: p.severity === 'warn' ? 'warning' : p.severity,
    where: p.location.map((l) => l.pointer).join(' '),
    message: p.message,
  }));
}

/**
 * The document exactly as /api/docs-json serves it passes Spectral's `spectral:oas` and Redocly's
 * recommended rules without an error, and without a warning outside the few accepted below.
 */
describe('OpenAPI document lint', () => {
  let t: TestApp;
  let dir: string;
  const findings: Record<string, Finding[]> = {};

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    const served = await request(t.app.getHttpServer()).get('/api/docs-json').expect(200);
    dir = await mkdtemp(join(tmpdir(), 'fxrates-openapi-'));
    const file = join(dir, 'openapi.json');
    await writeFile(file, served.text);
    [findings.spectral, findings.redocly] = await Promise.all([spectral(file), redocly(file)]);
  }, LINT_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each(['spectral', 'redocly'])('%s reports no error', (linter) => {
    expect(findings[linter].filter((f) => f.severity === 'error')).toEqual([]);
  });

  it.each(['spectral', 'redocly'])('%s reports no warning', (linter) => {
    expect(findings[linter].filter((f) => f.severity === 'warning')).toEqual([]);
  });
});
