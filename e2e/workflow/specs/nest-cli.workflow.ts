import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../cluster/repo-root';
import { answers, startGroup, stopCommand, waitUntil } from '../support/process-group';
import { migrateUp, WORKFLOW_DATABASE_URL } from '../support/workflow-database';
import { developmentEnv } from '../support/workflow-env';

const run = promisify(execFile);
const nest = path.join(REPO_ROOT, 'node_modules/.bin/nest');

/** nest-cli.json: the Nest CLI builds and starts the monorepo's two Nest applications. */
describe('the Nest CLI', () => {
  beforeAll(() => migrateUp({ url: WORKFLOW_DATABASE_URL, poolMax: 1 }));

  it('nest build worker: a bundle that runs the worker (health ready), stopped by SIGTERM with exit 0', async () => {
    await run(nest, ['build', 'worker'], { cwd: REPO_ROOT });
    const bundle = path.join(REPO_ROOT, 'services/worker/dist/src/main.js');
    expect(existsSync(bundle)).toBe(true);
    const env = await developmentEnv();
    const worker = startGroup(process.execPath, [bundle], { cwd: REPO_ROOT, env });
    try {
      await waitUntil(worker, 'ready', () =>
        answers(`http://127.0.0.1:${env.WORKER_HEALTH_PORT}/health/ready`),
      );
    } finally {
      expect(await stopCommand(worker, 'SIGTERM')).toEqual({ code: 0, signal: null, orphans: false });
    }
  });

  it('nest start api: builds the API and runs it (ready, on the bundled rates); Ctrl-C stops it all', async () => {
    const env = await developmentEnv();
    const api = startGroup(nest, ['start', 'api'], { cwd: REPO_ROOT, env });
    const base = `http://127.0.0.1:${env.API_PORT}/api`;
    try {
      await waitUntil(api, 'ready', () => answers(`${base}/health/ready`));
      const ready = (await (await fetch(`${base}/health/ready`)).json()) as { rates: { source: string } };
      expect(ready.rates.source).toBe('bundled-snapshot');
      expect(existsSync(path.join(REPO_ROOT, 'services/api/dist/src/main.js'))).toBe(true);
      // Development's readable log lines, through the Nest CLI as well.
      expect(api.output()).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO \(api\): /m);
    } finally {
      // Ctrl-C in a terminal: SIGINT to the whole foreground process group.
      const stopped = await stopCommand(api, 'SIGINT', 'group');
      expect(stopped.orphans).toBe(false);
    }
  });
});
