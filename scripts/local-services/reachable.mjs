import net from 'node:net';

/** Whether something accepts TCP connections at host:port. */
export function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

/** Waits until host:port accepts connections, or throws after timeoutMs. */
export async function waitUntilReachable(host, port, timeoutMs, name) {
  const deadline = Date.now() + timeoutMs;
  while (!(await reachable(host, port))) {
    if (Date.now() > deadline) throw new Error(`${name} did not answer on ${host}:${port}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
