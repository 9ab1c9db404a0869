import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { freePort } from './waiting';

/** A Redis server of this test's own, which it may break (ACLs, shutdown) without touching the shared one. */
export interface ThrowawayRedis {
  url: string;
  /** A client for arranging the server (ACL SETUSER, CONFIG SET). */
  admin: Redis;
  stop(): Promise<void>;
}

export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = once(server, 'exit').then(([code]) => {
    throw new Error(`redis-server on port ${port} exited with ${String(code)}`);
  });
  const admin = new Redis({ host: '127.0.0.1', port, retryStrategy: () => 50 });
  await Promise.race([admin.ping(), exited]);
  exited.catch(() => undefined);
  return {
    url: `redis://127.0.0.1:${port}/0`,
    admin,
    async stop() {
      admin.disconnect();
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await once(server, 'exit');
      }
    },
  };
}
