/**
 * The alert rules and the Grafana dashboard: promtool (Debian's `prometheus` package,
 * installed by scripts/ensure-promtool.sh when missing) checks deploy/prometheus/alerts.yml and runs
 * its unit tests; every metric the rules and the dashboard read is one the API or the worker really
 * registers, so renaming a metric in the code breaks this test rather than an alert in production.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@fxrates/config';
import type { ModuleRef } from '@nestjs/core';
import type { Redis } from 'ioredis';
import { parse } from 'yaml';
import { ApiMetrics } from '../../services/api/src/common/metrics';
import { WorkerMetrics } from '../../services/worker/src/health/worker-metrics';
import { JobWorkers } from '../../services/worker/src/lifecycle/job-workers';
import { metricNamesOf } from './promql-metrics';

const ROOT = path.resolve(__dirname, '../..');
const RULES_DIR = path.join(ROOT, 'deploy/prometheus');
const DASHBOARD = path.join(ROOT, 'deploy/grafana/fxrates-dashboard.json');

interface RuleFile {
  groups: Array<{ name: string; rules: Array<{ alert?: string; expr: string }> }>;
}
interface Panel {
  id: number;
  title: string;
  type: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets: Array<{ refId: string; expr: string }>;
}
interface Dashboard {
  uid: string;
  title: string;
  schemaVersion: number;
  templating: { list: Array<{ name: string; type: string; query: string }> };
  panels: Panel[];
}

const rules = parse(readFileSync(path.join(RULES_DIR, 'alerts.yml'), 'utf8')) as RuleFile;
const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;

function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { cwd: RULES_DIR, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Every metric name the API's and the worker's registries hold (collectors are not run). */
function registeredNames(): Set<string> {
  const config = loadConfig({ NODE_ENV: 'test' });
  const worker = new WorkerMetrics({} as ModuleRef, new JobWorkers(config.worker), config, {} as Redis);
  const names = [new ApiMetrics().registry, worker.registry].flatMap((registry) =>
    registry.getMetricsAsArray().map((metric) => (metric as unknown as { name: string }).name),
  );
  return new Set(names);
}

/** Whether `name` is exported: registered, or a histogram's series, or one Prometheus makes itself. */
function exported(name: string, registered: Set<string>): boolean {
  return name === 'up' || registered.has(name) || registered.has(name.replace(/_(bucket|count|sum)$/, ''));
}

describe('Prometheus alert rules and Grafana dashboard', () => {
  beforeAll(() => {
    execFileSync('bash', [path.join(ROOT, 'scripts/ensure-promtool.sh')], { stdio: 'inherit' });
  }, 300_000);

  it('pass promtool check rules', () => {
    const check = promtool('check', 'rules', 'alerts.yml');
    expect(check.output).toMatch(/SUCCESS: 8 rules found/);
    expect(check.status).toBe(0);
  });

  it('pass their unit tests (promtool test rules), which fail on a rule changed', () => {
    const test = promtool('test', 'rules', 'alerts.test.yml');
    expect(test.output).toMatch(/SUCCESS/);
    expect(test.status).toBe(0);

    const copy = mkdtempSync(path.join(tmpdir(), 'fxrates-alerts-'));
    try {
      cpSync(RULES_DIR, copy, { recursive: true });
      const alerts = readFileSync(path.join(copy, 'alerts.yml'), 'utf8');
      writeFileSync(
        path.join(copy, 'alerts.yml'),
        alerts.replace('min(fxrates_redis_up) == 0', 'min(fxrates_redis_up) < 0'),
      );
      const broken = spawnSync('promtool', ['test', 'rules', 'alerts.test.yml'], {
        cwd: copy,
        encoding: 'utf8',
      });
      expect(broken.status).not.toBe(0);
      expect(broken.stdout + broken.stderr).toMatch(/FxratesRedisDown/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('cover every case the runbook names, and prometheus.yml loads them', () => {
    const alerts = rules.groups.flatMap((g) => g.rules.map((r) => r.alert));
    expect(alerts).toEqual(
      expect.arrayContaining([
        'FxratesQueueBacklog',
        'FxratesJobsFailing',
        'FxratesProviderStale',
        'FxratesHigh5xxRate',
        'FxratesHighP99Latency',
        'FxratesRedisDown',
        'FxratesPostgresDown',
      ]),
    );
    const config = parse(readFileSync(path.join(ROOT, 'deploy/prometheus.yml'), 'utf8')) as {
      rule_files?: string[];
    };
    expect(config.rule_files?.map((file) => path.resolve(ROOT, 'deploy', file))).toEqual([
      path.join(RULES_DIR, 'alerts.yml'),
    ]);
  });

  it('read only metrics the code registers', () => {
    const registered = registeredNames();
    // The guard itself: a name the code does not export is caught.
    expect(exported('fxrates_no_such_metric', registered)).toBe(false);
    expect(registered.has('process_resident_memory_bytes')).toBe(true);
    const exprs = [
      ...rules.groups.flatMap((g) => g.rules.map((r) => r.expr)),
      ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)),
    ];
    const used = new Set(exprs.flatMap(metricNamesOf));
    expect(used.size).toBeGreaterThan(8);
    expect([...used].filter((name) => !exported(name, registered))).toEqual([]);
  });

  it('finds the metric names of a PromQL expression', () => {
    expect(
      metricNamesOf(
        'histogram_quantile(0.99, sum by (le) (rate(a_seconds_bucket{route!~".*/x(y)"}[5m]))) > 1e3 and on (job) b_up offset 5m',
      ).sort(),
    ).toEqual(['a_seconds_bucket', 'b_up']);
    expect(
      metricNamesOf('time() - c_timestamp_seconds > 3 * max by (p) (d_seconds[$__rate_interval])'),
    ).toEqual(['c_timestamp_seconds', 'd_seconds']);
  });

  it('is a well-formed Grafana dashboard with a panel for each signal', () => {
    expect(dashboard).toMatchObject({ uid: 'fxrates-pro', title: expect.any(String) });
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
    );
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels) {
      expect(panel).toMatchObject({
        title: expect.any(String),
        type: expect.stringMatching(/^(stat|timeseries)$/),
      });
      expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
      expect(panel.targets.length).toBeGreaterThan(0);
      const refIds = panel.targets.map((t) => t.refId);
      expect(new Set(refIds).size).toBe(refIds.length);
      for (const target of panel.targets) expect(target.expr).toMatch(/\S/);
    }
    const titles = dashboard.panels.map((p) => p.title);
    for (const signal of [
      'Queue backlog',
      'Failed jobs',
      'Provider staleness',
      '5xx rate',
      'p99 latency',
      'Redis up',
      'PostgreSQL up',
    ]) {
      expect(titles).toContain(signal);
    }
  });
});
