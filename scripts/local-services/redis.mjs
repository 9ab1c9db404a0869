// Redis for a machine that has none answering: redis-server from the PATH, else Docker's compose
// service, else one message saying how to install it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitUntilReachable } from './reachable.mjs';
import { spawnService } from './service-process.mjs';

export const REDIS_INSTALL_HINT = [
  'Install Redis (or start one on that port), then run this again:',
  '  macOS:          brew install redis',
  '  Debian/Ubuntu:  sudo apt-get install -y redis-server',
  '  Windows:        winget install Memurai.MemuraiDeveloper   (or Redis inside WSL: sudo apt-get install -y redis-server)',
].join('\n');

const found = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/** Starts Redis on host:port; returns its stop(), or undefined when nothing could start it. */
export async function startRedis({ host, port, dataDir, repoRoot }) {
  if (found('redis-server', ['--version'])) {
    process.stdout.write(`› Redis: starting redis-server on ${host}:${port} (no persistence)…\n`);
    fs.mkdirSync(dataDir, { recursive: true });
    // noeviction: the API and the worker refuse any other policy (BullMQ must not lose jobs).
    const service = spawnService(
      'redis',
      'redis-server',
      [
        ...['--bind', host, '--port', String(port), '--dir', dataDir],
        ...['--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction', '--loglevel', 'warning'],
      ],
      { cwd: dataDir },
    );
    await waitUntilReachable(host, port, 30_000, 'redis-server');
    return service;
  }
  if (found('docker', ['info'])) {
    process.stdout.write(`› Redis: docker compose up -d redis (on ${host}:${port})…\n`);
    // The project's compose file whatever the working directory; it publishes the service on
    // REDIS_HOST_PORT, so a REDIS_URL on another port than 6379 is served too.
    const compose = (...args) =>
      spawnSync('docker', ['compose', '--file', path.join(repoRoot, 'docker-compose.yml'), ...args], {
        cwd: repoRoot,
        stdio: 'inherit',
        env: { ...process.env, REDIS_HOST_PORT: String(port) },
      });
    if (compose('up', '-d', 'redis').status === 0) {
      await waitUntilReachable(host, port, 60_000, 'Redis (docker compose)');
      return { stop: async () => void compose('stop', 'redis') };
    }
  }
  return undefined;
}
