import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { freePort } from '@fxrates/testing';

const run = promisify(execFile);

/**
 * A PostgreSQL server of this test's own (initdb in a temporary directory), which the test may stop,
 * kill and start again on the same port without touching the shared one. PostgreSQL refuses to run as
 * root, so when the tests run as root the server runs as the `postgres` user.
 */
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  urlOf(database: string): string;
  port: number;
  /** Creates a database (the cluster starts with only `postgres`). */
  createDatabase(name: string): Promise<void>;
  /** A clean shutdown (`pg_ctl stop -m fast`): connections are closed, nothing is lost. */
  stop(): Promise<void>;
  /** SIGKILL to the postmaster: what a crashed host looks like; the next start recovers from WAL. */
  kill(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server for good and removes its files. */
  destroy(): Promise<void>;
}

function binDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as `postgres` when we are root. */
function pg(binary: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const file = path.join(binDir(), binary);
  return asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'fxrates-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const ctl = (...args: string[]) => pg('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), ...args]);

  const start = async () => {
    // Right after a kill the old server's children may still hold its shared memory for a moment.
    for (let attempt = 1; ; attempt++) {
      try {
        await ctl('-o', options, '-w', '-t', '60', 'start');
        return;
      } catch (error) {
        if (attempt === 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };
  const postmasterPid = async (): Promise<number | undefined> => {
    try {
      const { stdout } = await run('head', ['-1', path.join(data, 'postmaster.pid')]);
      return Number(stdout.trim()) || undefined;
    } catch {
      return undefined;
    }
  };
  await start();

  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    urlOf,
    async createDatabase(name) {
      const client = new Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        await client.query(`create database "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
    },
    async stop() {
      await ctl('-m', 'fast', '-w', 'stop');
    },
    async kill() {
      const pid = await postmasterPid();
      if (pid === undefined) return;
      process.kill(pid, 'SIGKILL');
      // The postmaster's children notice its death and exit; wait until the port is free again.
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        try {
          process.kill(pid, 0);
        } catch {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    start,
    async destroy() {
      await ctl('-m', 'immediate', '-w', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
