import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { freePort } from './waiting';

/**
 * A Redis server of this test's own, which it may break (ACLs, shutdown, FLUSHDB, a kill) without
 * touching the shared one. It keeps nothing on disk, so a restart loses every key, as a Redis
 * without persistence does.
 */
export interface ThrowawayRedis {
  url: string;
  port: number;
  /** A client for arranging the server (ACL SETUSER, CONFIG SET); it reconnects after a restart. */
  admin: Redis;
  /** SIGKILL to the server: every connection drops at once, every key is lost. */
  kill(): Promise<void>;
  /** Starts the server again on the same port (after `kill`). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startThrowawayRedis(extraArgs: string[] = []): Promise<ThrowawayRedis> {
  const port = await freePort();
  let server: ChildProcess | undefined;
  const admin = new Redis({ host: '127.0.0.1', port, retryStrategy: () => 50, lazyConnect: true });

  const start = async () => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs],
      { stdio: 'ignore' },
    );
    server = child;
    const exited = once(child, 'exit').then(([code]) => {
      throw new Error(`redis-server on port ${port} exited with ${String(code)}`);
    });
    exited.catch(() => undefined);
    // The server may not listen yet: connect() then rejects, but the client keeps retrying and the
    // ping below waits in its offline queue until the server answers.
    if (admin.status === 'wait') admin.connect().catch(() => undefined);
    await Promise.race([admin.ping(), exited]);
  };
  const halt = async (signal: NodeJS.Signals) => {
    const child = server;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exit = once(child, 'exit');
    child.kill(signal);
    await exit;
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    admin,
    kill: () => halt('SIGKILL'),
    start,
    async stop() {
      admin.disconnect();
      await halt('SIGTERM');
    },
  };
}
