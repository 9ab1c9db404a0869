import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SoakReport } from './run-soak';
import { lineChartSvg } from './soak-chart';
import { GENERATOR_ROLE } from './soak-recorder';

const mb = (bytes: number | null) => (bytes === null ? '–' : (bytes / 1048576).toFixed(0));
const ms = (v: number | null) => (v === null ? '–' : v.toFixed(1));
const BAR_WIDTH = 30;

/** A text bar, for the p99 column: the table reads as a chart where SVG is not shown. */
function bar(value: number | null, max: number): string {
  if (value === null || max <= 0) return '';
  return '█'.repeat(Math.max(1, Math.round((value / max) * BAR_WIDTH)));
}

export function reportMarkdown(report: SoakReport): string {
  const { options, totals, buckets, verdict } = report;
  const maxP99 = Math.max(0, ...buckets.map((b) => b.p99Ms ?? 0));
  const names = report.processes.map((p) => p.name);
  const rows = buckets.map((b) => {
    const label = `${b.startSecond}–${b.startSecond + options.bucketSeconds} s`;
    const cluster = b.processes.filter((p) => p.role !== GENERATOR_ROLE);
    const rss = cluster.map((p) => mb(p.rssBytes));
    const cpu = cluster.reduce((sum, p) => sum + (p.cpuCores ?? 0), 0).toFixed(2);
    const generatorCpu = b.processes.find((p) => p.role === GENERATOR_ROLE)?.cpuCores ?? null;
    return `| ${label} | ${b.requests} | ${b.errors} | ${(b.errorRate * 100).toFixed(2)} % | ${ms(b.p50Ms)} | ${ms(b.p99Ms)} | \`${bar(b.p99Ms, maxP99)}\` | ${cpu} | ${generatorCpu ?? '–'} | ${ms(b.generatorLoopDelayP99Ms)} | ${rss.join(' | ')} |`;
  });
  const lines = [
    `# Soak ${report.startedAt}: ${verdict.pass ? 'PASS' : 'FAIL'}`,
    '',
    `${options.rate} req/s for ${options.durationSeconds} s (${totals.achievedRate} req/s achieved) against ` +
      `${names.join(', ')}; ${report.machine.cpus} CPUs, Node ${report.machine.node}.`,
    '',
    `**${totals.requests}** requests: ${totals.ok} 2xx, ${totals.expected} expected refusals, **${totals.errors} errors** ` +
      `(${(totals.errorRate * 100).toFixed(3)} %). Contact: ${report.contact.accepted} accepted, ${report.contact.mailed} mailed. ` +
      `Logged errors: ${report.loggedErrors.count}.`,
    '',
    `Cold start (not judged): ${report.coldStart.rate} req/s for ${report.coldStart.seconds} s before the run, ` +
      `${report.coldStart.requests} requests, ${report.coldStart.errors} errors, p50 ${ms(report.coldStart.p50Ms)} ms, ` +
      `p99 ${ms(report.coldStart.p99Ms)} ms, max ${ms(report.coldStart.maxMs)} ms` +
      (report.coldStart.errors
        ? ` (${Object.entries(report.coldStart.errorsByReason)
            .map(([k, n]) => `${n}× ${k}`)
            .join('; ')})`
        : '') +
      '.',
    '',
    '| check | result | detail |',
    '| --- | --- | --- |',
    ...verdict.checks.map(
      (c) => `| ${c.name} | ${c.pass ? 'pass' : '**FAIL**'} | ${c.detail.replace(/\|/g, '\\|')} |`,
    ),
    '',
    '![p99 and RSS per bucket](chart.svg)',
    '',
    `| bucket | requests | errors | error rate | p50 ms | p99 ms | p99 | cluster CPU (cores) | generator CPU | generator loop p99 ms | ${names.map((n) => `${n} RSS MB`).join(' | ')} |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ${names.map(() => '---:').join(' | ')} |`,
    ...rows,
    '',
    '## The mix',
    '',
    '| request | count | p50 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...Object.entries(report.byRequest).map(([name, n]) => {
      const latency = report.latencyByRequest[name];
      return `| ${name} | ${n} | ${ms(latency?.p50Ms ?? null)} | ${ms(latency?.p99Ms ?? null)} | ${ms(latency?.maxMs ?? null)} |`;
    }),
  ];
  lines.push(
    '',
    '## The proxy, per API instance',
    '',
    '| instance | attempts | responses | refused | resets | retried elsewhere | broken responses | in flight at the end |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...report.proxy.map(
      (p) =>
        `| ${p.name} | ${p.attempts} | ${p.responses} | ${p.refused} | ${p.resets} | ${p.retriedElsewhere} | ${p.brokenResponses} | ${p.inFlight} |`,
    ),
  );
  if (Object.keys(report.expectedByCode).length) {
    lines.push(
      '',
      '## Expected refusals',
      '',
      ...Object.entries(report.expectedByCode).map(([k, n]) => `- ${n}× ${k}`),
    );
  }
  if (report.errorSamples.length) {
    lines.push(
      '',
      '## Errors (first samples)',
      '',
      ...report.errorSamples.map(
        (e) => `- ${e.second} s ${e.request}: ${e.reason} — \`${e.detail.replace(/`/g, "'")}\``,
      ),
    );
  }
  if (report.loggedErrors.samples.length) {
    lines.push(
      '',
      '## Logged errors (first samples)',
      '',
      ...report.loggedErrors.samples.map((e) => `- ${e.process}: \`${e.line.replace(/`/g, "'")}\``),
    );
  }
  return `${lines.join('\n')}\n`;
}

export function reportChart(report: SoakReport): string {
  const xs = report.buckets.map((b) => b.startSecond + report.options.bucketSeconds);
  return lineChartSvg(
    xs,
    {
      title: 'latency per bucket',
      unit: 'ms',
      series: [
        { name: 'p99', values: report.buckets.map((b) => b.p99Ms) },
        { name: 'p50', values: report.buckets.map((b) => b.p50Ms) },
      ],
    },
    {
      title: 'RSS per process',
      unit: 'MB',
      series: report.processes.map((p) => ({
        name: p.name,
        values: report.buckets.map((b) => {
          const bytes = b.processes.find((q) => q.name === p.name)?.rssBytes ?? null;
          return bytes === null ? null : bytes / 1048576;
        }),
      })),
    },
  );
}

/** Writes report.json, report.md and chart.svg into the run's folder. */
export async function writeSoakReport(report: SoakReport): Promise<string> {
  const dir = report.options.outDir;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(dir, 'report.md'), reportMarkdown(report));
  await writeFile(path.join(dir, 'chart.svg'), `${reportChart(report)}\n`);
  return dir;
}
