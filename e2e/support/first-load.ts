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

/** Keeps the measured figures with the other test artifacts (docs/performance.md quotes them). */
export function saveFirstLoadReport(name: string, scripts: LoadedScript[]): void {
  const dir = path.join(ARTIFACTS_DIR, 'performance');
  fs.mkdirSync(dir, { recursive: true });
  const report = {
    measuredAt: new Date().toISOString(),
    totalGzipBytes: totalGzipBytes(scripts),
    totalBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    scripts: [...scripts]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map(({ url, bytes, gzipBytes }) => ({
        path: new URL(url).pathname,
        origin: new URL(url).port,
        bytes,
        gzipBytes,
      })),
  };
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
}
