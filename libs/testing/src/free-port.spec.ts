import { readFileSync } from 'node:fs';
import net from 'node:net';
import { freePort } from './free-port';

const ephemeralStart = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('freePort', () => {
  it('gives ports below the ephemeral range and above those browsers refuse, each one bindable', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(15_000);
      expect(port).toBeLessThan(ephemeralStart);
    }
    const servers = await Promise.all([...new Set(ports)].map(listen));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('passes over a port something listens on', async () => {
    const taken = await listen(await freePort());
    const takenPort = (taken.address() as net.AddressInfo).port;
    const span = ephemeralStart - 15_000;
    // The first draw lands on the port in use, the second on the one after it.
    const random = jest
      .spyOn(Math, 'random')
      .mockReturnValueOnce((takenPort - 15_000 + 0.5) / span)
      .mockReturnValueOnce((takenPort + 1 - 15_000 + 0.5) / span);
    try {
      expect(await freePort()).toBe(takenPort + 1);
      expect(random).toHaveBeenCalledTimes(2);
    } finally {
      random.mockRestore();
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
