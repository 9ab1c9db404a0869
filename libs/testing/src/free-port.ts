import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * Linux's ephemeral range, where a listener on port 0 and the local end of every outgoing connection
 * get their ports. A port picked there and handed to a process that binds it later may be taken in
 * between by one of the thousands of connections a test run opens (EADDRINUSE); below it, only a
 * listener given that very port can take it.
 */
function ephemeralPortsStart(): number {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(start) || 32_768;
  } catch {
    return 32_768;
  }
}

/** Below the range, above the ports browsers refuse to fetch from (the highest is 10080). */
const LOWEST = 15_000;

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on, for a process a test starts to bind: chosen at
 * random below the ephemeral range, so that no outgoing connection or port-0 listener takes it before
 * the process does.
 */
export async function freePort(): Promise<number> {
  const highest = Math.max(LOWEST + 1_000, ephemeralPortsStart() - 1);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST + 1));
    if (await listensOn(port)) return port;
  }
  throw new Error(`No free port found between ${LOWEST} and ${highest} in 50 tries`);
}
