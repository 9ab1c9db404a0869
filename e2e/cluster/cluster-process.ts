import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './repo-root';

export type ClusterRole = 'api' | 'public-api' | 'worker';

export interface ClusterProcess {
  name: string;
  role: ClusterRole;
  /** The current process's id; a new one after `start`. */
  pid: number;
  /** An API instance's own URL; a worker's health server. */
  url?: string;
  /** Sends the signal (SIGTERM unless told) and resolves once the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the process again (same port, same environment) and resolves once it is ready. */
  start(): Promise<void>;
  /** Resident set size, from /proc/<pid>/status VmRSS. */
  rssBytes(): Promise<number>;
}

export interface ProcessSpec {
  name: string;
  role: ClusterRole;
  script: string;
  env: NodeJS.ProcessEnv;
  /** Base URL of the process's own HTTP listener. */
  url: string;
  readyPath: string;
  logFile: string;
}

const START_TIMEOUT_MS = 90_000;
/** How long a SIGTERM may take before the harness gives up on a clean exit. */
const EXIT_TIMEOUT_MS = 30_000;

async function waitUntilReady(url: string, isGone: () => string | undefined): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    const gone = isGone();
    if (gone) throw new Error(gone);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was not ready within ${START_TIMEOUT_MS} ms (${lastProblem})`);
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Children still running: killed when the harness's own process exits, so none outlives a failed run. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** A process of the cluster, run from the built output with its output appended to its log file. */
export class ManagedProcess implements ClusterProcess {
  readonly name: string;
  readonly role: ClusterRole;
  readonly url: string;
  private child?: ChildProcess;

  constructor(private readonly spec: ProcessSpec) {
    this.name = spec.name;
    this.role = spec.role;
    this.url = spec.url;
  }

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  get running(): boolean {
    return this.child !== undefined && !hasExited(this.child);
  }

  async start(): Promise<void> {
    if (this.running) throw new Error(`${this.name} is already running (pid ${this.pid})`);
    fs.mkdirSync(path.dirname(this.spec.logFile), { recursive: true });
    const log = fs.openSync(this.spec.logFile, 'a');
    const child = spawn(process.execPath, [this.spec.script], {
      cwd: REPO_ROOT,
      env: this.spec.env,
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.child = child;
    live.add(child);
    child.once('exit', () => live.delete(child));
    try {
      await waitUntilReady(`${this.url}${this.spec.readyPath}`, () =>
        hasExited(child)
          ? `${this.name} exited during start-up (${child.signalCode ?? child.exitCode}); see ${this.spec.logFile}`
          : undefined,
      );
    } catch (error) {
      if (!hasExited(child)) await this.kill('SIGKILL');
      throw error;
    }
  }

  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || hasExited(child)) return;
    const exit = once(child, 'exit');
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
    try {
      await exit;
    } finally {
      clearTimeout(timer);
    }
    if (child.signalCode === 'SIGKILL' && signal !== 'SIGKILL')
      throw new Error(`${this.name} did not exit within ${EXIT_TIMEOUT_MS} ms of ${signal}; killed`);
  }

  async rssBytes(): Promise<number> {
    const status = await readFile(`/proc/${this.pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
    if (!match) throw new Error(`No VmRSS in /proc/${this.pid}/status`);
    return Number(match[1]) * 1024;
  }
}
