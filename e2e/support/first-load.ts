import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { ARTIFACTS_DIR } from './paths';

/** One script the page loaded, with its size as served and gzipped (level 6, as serve-web sends it). */
export interface LoadedScript {
  url: string;
  bytes: number;
  gzipBytes: number;
}

/**
 * Records every script a page loads from now on, measuring each one's gzipped size itself (the
 * server may or may not compress; the budget is about what a gzipping server would send).
 * `scripts()` waits for the bodies still being read.
 */
export function recordScripts(page: Page): { scripts: () => Promise<LoadedScript[]> } {
  const pending: Promise<LoadedScript | null>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), bytes: body.length, gzipBytes: gzipSync(body).length }),
        () => null,
      ),
    );
  };
  page.on('response', onResponse);
  return {
    scripts: async () => {
      page.off('response', onResponse);
      return (await Promise.all(pending)).filter((script): script is LoadedScript => script !== null);
    },
  };
}

export const totalGzipBytes = (scripts: LoadedScript[]) =>
  scripts.reduce((sum, script) => sum + script.gzipBytes, 0);

/**
 * Set by web-kit's CurrencySelect (PICKER_PRELOAD_MARK) when, the page loaded and the browser idle,
 * it fetches the searchable currency picker that a click will need: the first load ends there.
 */
export const PICKER_PRELOAD_MARK = 'fxrates:currency-picker-preload';

/** Waits until the page has set the User Timing mark `mark`. */
export async function markSet(page: Page, mark: string): Promise<void> {
  await page.waitForFunction((name) => performance.getEntriesByName(name, 'mark').length > 0, mark);
}

/**
 * The URLs of the resources the page started fetching at or after its User Timing mark `mark`;
 * none when the page has not set it.
 */
export async function requestedSinceMark(page: Page, mark: string): Promise<Set<string>> {
  const urls = await page.evaluate((name) => {
    const at = performance.getEntriesByName(name, 'mark')[0]?.startTime;
    if (at === undefined) return [];
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime >= at)
      .map((entry) => entry.name);
  }, mark);
  return new Set(urls);
}

/** Resolves once the page has had no request in flight for `quietMs` (as Playwright's networkidle, but at any time). */
export function networkQuiet(page: Page, quietMs = 500): Promise<void> {
  return new Promise((resolve) => {
    let inFlight = 0;
    let timer: NodeJS.Timeout | undefined;
    const settle = () => {
      clearTimeout(timer);
      if (inFlight === 0) timer = setTimeout(done, quietMs);
    };
    const started = () => {
      inFlight += 1;
      settle();
    };
    const ended = () => {
      inFlight = Math.max(0, inFlight - 1);
      settle();
    };
    const done = () => {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
      resolve();
    };
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    settle();
  });
}

const describeScripts = (scripts: LoadedScript[]) =>
  [...scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map(({ url, bytes, gzipBytes }) => ({
      path: new URL(url).pathname,
      origin: new URL(url).port,
      bytes,
      gzipBytes,
    }));

/**
 * Keeps the measured figures with the other test artifacts (docs/performance.md quotes them):
 * the first load, and what the page fetched afterwards, when idle, for later use.
 */
export function saveFirstLoadReport(
  name: string,
  scripts: LoadedScript[],
  fetchedWhenIdle: LoadedScript[] = [],
): void {
  const dir = path.join(ARTIFACTS_DIR, 'performance');
  fs.mkdirSync(dir, { recursive: true });
  const report = {
    measuredAt: new Date().toISOString(),
    totalGzipBytes: totalGzipBytes(scripts),
    totalBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    scripts: describeScripts(scripts),
    fetchedWhenIdle: {
      totalGzipBytes: totalGzipBytes(fetchedWhenIdle),
      scripts: describeScripts(fetchedWhenIdle),
    },
  };
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
}
