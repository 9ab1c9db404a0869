import { BACKEND_HEADER, startCluster, type Cluster } from '../cluster';

/** The harness itself: what the other cluster tests and the soak rely on. */
describe('cluster harness', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster();
  });
  afterAll(() => cluster?.stop());

  const backendsOf = async (path: string, count: number) => {
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      const response = await fetch(`${cluster.url}${path}`);
      await response.arrayBuffer();
      names.push(response.headers.get(BACKEND_HEADER) ?? '');
    }
    return names;
  };

  it('starts two whole-API instances, one public-api instance and two workers, each answering on its own port', async () => {
    expect(cluster.processes.map((process) => [process.name, process.role])).toEqual([
      ['api-1', 'api'],
      ['api-2', 'api'],
      ['public-api-1', 'public-api'],
      ['worker-1', 'worker'],
      ['worker-2', 'worker'],
    ]);
    for (const process of cluster.processes) {
      const ready = process.role === 'worker' ? '/health/ready' : '/api/health/ready';
      expect((await fetch(`${process.url}${ready}`)).status).toBe(200);
      expect(await process.rssBytes()).toBeGreaterThan(10 * 1024 * 1024);
    }
  });

  it('routes /api/v1 round-robin over all three API instances and the rest over the two whole-API ones', async () => {
    expect(new Set(await backendsOf('/api/v1/currencies', 6))).toEqual(
      new Set(['api-1', 'api-2', 'public-api-1']),
    );
    expect(new Set(await backendsOf('/api/health', 6))).toEqual(new Set(['api-1', 'api-2']));
  });

  it('sends a request on to the next instance when one refuses the connection, and counts it', async () => {
    const api2 = cluster.processes.find((process) => process.name === 'api-2')!;
    await api2.kill('SIGKILL');
    const before = cluster.proxyCounters().find((counter) => counter.name === 'api-2')!;
    const answers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const response = await fetch(`${cluster.url}/api/health`);
        await response.arrayBuffer();
        return [response.status, response.headers.get(BACKEND_HEADER)];
      }),
    );
    expect(answers).toEqual(Array.from({ length: 12 }, () => [200, 'api-1']));
    const after = cluster.proxyCounters().find((counter) => counter.name === 'api-2')!;
    expect(after.refused - before.refused).toBeGreaterThan(0);
    expect(after.retriedElsewhere - before.retriedElsewhere).toBe(after.refused - before.refused);

    const oldPid = api2.pid;
    await api2.start();
    expect(api2.pid).not.toBe(oldPid);
    expect(new Set(await backendsOf('/api/health', 4))).toEqual(new Set(['api-1', 'api-2']));
  });
});
