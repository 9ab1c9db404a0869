#!/usr/bin/env node
// Audits one page with Lighthouse in the machine's Chromium and saves its reports.
//
//   node scripts/lighthouse-audit.mjs <url> <name> [outDir]   # default outDir: artifacts/lighthouse
//
// Writes <outDir>/<name>.report.html and .json and prints one JSON line: the performance and
// accessibility scores (0–100), the failed accessibility audits and the metrics behind the
// performance score. LIGHTHOUSE_CATEGORIES
// (default `performance,accessibility`) narrows the audit: the browser tests ask for accessibility
// alone, whose findings do not move with the machine's load (a category not audited prints null). Lighthouse runs with
// its desktop settings (LIGHTHOUSE_FORM_FACTOR=mobile: its default, a mid-range phone on a slow 4G
// network; both simulated), in Chromium started with the project's flags (e2e/support/chromium-flags.json)
// and a fresh profile. An ES module run as its own process: Lighthouse is ESM-only and jest's
// sandbox cannot import it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { findChromium } from './find-chromium.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM_PATH = findChromium();
const CHROMIUM_FLAGS = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'e2e/support/chromium-flags.json'), 'utf8'),
);
const CATEGORIES = (process.env.LIGHTHOUSE_CATEGORIES ?? 'performance,accessibility').split(',');
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/** Timings in whole milliseconds; the layout shift, unitless and below 1, to three decimals. */
const rounded = (id, value) =>
  id === 'cumulative-layout-shift' ? Math.round(value * 1000) / 1000 : Math.round(value);

async function audit(url, name, outDir) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fxrates-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const config = process.env.LIGHTHOUSE_FORM_FACTOR === 'mobile' ? undefined : desktopConfig;
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: ['html', 'json'],
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const [html, json] = result.report;
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, `${name}.report.html`), html);
    fs.writeFileSync(path.join(outDir, `${name}.report.json`), json);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${runtimeError.message}`);
    const score = (id) => (categories[id] ? Math.round(categories[id].score * 100) : null);
    return {
      url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      // The accessibility audits that failed, by id (weighted ones: what the score counts).
      accessibilityFindings: (categories.accessibility?.auditRefs ?? [])
        .filter(({ id, weight }) => weight > 0 && audits[id]?.score !== null && audits[id]?.score < 1)
        .map(({ id }) => id),
      metrics: categories.performance
        ? Object.fromEntries(METRICS.map((id) => [id, rounded(id, audits[id]?.numericValue ?? NaN)]))
        : null,
    };
  } finally {
    chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

const [url, name, outDir = path.join(repoRoot, 'artifacts', 'lighthouse')] = process.argv.slice(2);
if (!url || !name) {
  process.stderr.write('usage: node scripts/lighthouse-audit.mjs <url> <name> [outDir]\n');
  process.exit(2);
}
audit(url, name, outDir).then(
  (scores) => process.stdout.write(`${JSON.stringify(scores)}\n`),
  (error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
    process.exit(1);
  },
);
