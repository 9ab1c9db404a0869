import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../cluster/repo-root';
import { answers, startGroup, stopCommand, waitUntil } from '../support/process-group';
import { developmentEnv } from '../support/workflow-env';

/** How many lines of `output` match `pattern`. */
const count = (output: string, pattern: RegExp) =>
  output.split('\n').filter((line) => pattern.test(line)).length;

const API_LISTENING = /^\S*api\s*\S*│ \[\d\d:\d\d:\d\d\.\d{3}\] INFO \(api\): Server listening at /;
const WORKER_RUNNING = /^\S*worker\S*│ \[\d\d:\d\d:\d\d\.\d{3}\] INFO \(worker\): Worker running/;

/**
 * `npm run dev`: the backend is built, migrated and run; a changed source file is compiled again and
 * the API and the worker restart on it; a supervisor's SIGTERM to npm stops every process it started.
 * (--backend-only: the frontends' webpack watch would write development builds over the production
 * ones the browser tests serve.)
 */
describe('npm run dev', () => {
  it('restarts the API and the worker when a source file they use changes, and stops with nothing left', async () => {
    const env = await developmentEnv();
    // SKIP_BUILD: the backend is built already (this project's precondition); rebuilding dist/ here
    // would pull it from under the other tests' processes.
    const dev = startGroup('npm', ['run', 'dev', '--', '--backend-only'], {
      cwd: REPO_ROOT,
      env: { ...env, SKIP_BUILD: '1' },
    });
    const health = `http://127.0.0.1:${env.API_PORT}/api/health/ready`;
    try {
      await waitUntil(
        dev,
        'ready',
        async () => (await answers(health)) && /FXRates Pro is running/.test(dev.output()),
      );
      await waitUntil(dev, 'watching', () => /build-backend: watching /.test(dev.output()));
      await waitUntil(dev, 'running the worker', () => count(dev.output(), WORKER_RUNNING) === 1);
      // Development's log: readable lines, no JSON.
      expect(count(dev.output(), API_LISTENING)).toBe(1);
      expect(dev.output()).not.toMatch(/│ \{"level"/);

      // A save of a file both import (its time only: the checkout's content is left as it is).
      const source = path.join(REPO_ROOT, 'libs/config/src/logger.ts');
      const now = new Date();
      await utimes(source, now, now);

      await waitUntil(dev, 'compiled again', () =>
        dev.output().includes('build-backend: compiled libs/config/src/logger.ts'),
      );
      await waitUntil(dev, 'restarted', async () => {
        const output = dev.output();
        return (
          count(output, API_LISTENING) === 2 && count(output, WORKER_RUNNING) === 2 && (await answers(health))
        );
      });
      expect(dev.output()).toContain("Restarting 'dist/services/api/src/main.js'");
      expect(dev.output()).toContain("Restarting 'dist/services/worker/src/main.js'");
    } finally {
      // A supervisor (or an IDE's stop button): SIGTERM to npm alone.
      const stopped = await stopCommand(dev, 'SIGTERM', 'leader');
      expect(stopped.orphans).toBe(false);
    }
    expect(await answers(health)).toBe(false);
  });

  it("rebuilds a frontend when one of its files is saved (npm run dev's webpack watcher)", async () => {
    // As npm run dev runs it, but into a directory of its own (--release-dir), not over the builds
    // the browser tests serve.
    const out = await mkdtemp(path.join(tmpdir(), 'fxrates-frontends-watch-'));
    const watcher = startGroup(
      process.execPath,
      ['scripts/build-frontends.mjs', '--watch', 'marketing', '--release-dir', out],
      { cwd: REPO_ROOT, env: process.env },
    );
    const rounds = () => count(watcher.output(), /marketing: done in /);
    try {
      await waitUntil(watcher, 'built', () => rounds() === 1);
      const [version] = await readdir(path.join(out, 'marketing'));
      expect(await readdir(path.join(out, 'marketing', version))).toEqual(
        expect.arrayContaining(['index.html', 'mf-manifest.json']),
      );
      const source = path.join(REPO_ROOT, 'frontends/marketing/src/App.tsx');
      const now = new Date();
      await utimes(source, now, now);
      await waitUntil(watcher, 'rebuilt', () => rounds() === 2);
      expect(watcher.output()).not.toMatch(/FAILED/);
    } finally {
      expect((await stopCommand(watcher, 'SIGTERM')).orphans).toBe(false);
      await rm(out, { recursive: true, force: true });
    }
  });
});
