import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { freePort } from '@fxrates/testing';

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
    // The server may not accept connections yet: connect() would reject at once, while a command
    // waits in the offline queue through the reconnects (50 ms apart) until it does.
    if (admin.status === 'wait') admin.connect().catch(() => undefined);
    // After a kill the admin client has been reconnecting for a while, and ioredis fails its queued
    // commands every 20 attempts: a PING caught by that is asked again.
    const reachable = async () => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        try {
          return await admin.ping();
        } catch (error) {
          if (Date.now() > deadline || child.exitCode !== null) throw error;
        }
      }
    };
    await Promise.race([reachable(), exited]);
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
