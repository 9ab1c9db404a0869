import { RefusedTarget, vetWebhookTarget, type ResolveAll } from './ssrf-guard';

/** A resolver answering from a table, and counting what it was asked. */
function resolverOf(table: Record<string, string[]>): ResolveAll & { asked: string[] } {
  const asked: string[] = [];
  const resolve = (async (hostname: string) => {
    asked.push(hostname);
    return (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }) as ResolveAll & { asked: string[] };
  resolve.asked = asked;
  return resolve;
}

const production = (resolve: ResolveAll) => ({ allowInsecureLocalhost: false, resolve });

describe('vetWebhookTarget', () => {
  it('connects a public name to the address it resolved to, keeping the name for SNI and Host', async () => {
    const resolve = resolverOf({
      'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    });
    const target = await vetWebhookTarget('https://hooks.example.com/fx', production(resolve));
    expect(target).toMatchObject({ hostname: 'hooks.example.com', address: '93.184.215.14', family: 4 });
    expect(resolve.asked).toEqual(['hooks.example.com']);
  });

  it.each([
    [['127.0.0.1'], 'resolves to 127.0.0.1, a loopback address'],
    [['93.184.215.14', '10.0.0.7'], 'resolves to 10.0.0.7, a private address'],
    [['169.254.169.254'], 'resolves to 169.254.169.254, a cloud metadata address'],
    [['::ffff:7f00:1'], 'resolves to ::ffff:7f00:1, a loopback address'],
    [['64:ff9b::a9fe:a9fe'], 'resolves to 64:ff9b::a9fe:a9fe, a cloud metadata address'],
    [['fd00:ec2::254'], 'resolves to fd00:ec2::254, a cloud metadata address'],
    [[], 'does not resolve'],
  ])('refuses a name when any address it resolves to is refused: %j', async (addresses, reason) => {
    const resolve = resolverOf({ 'evil.example.com': addresses });
    await expect(vetWebhookTarget('https://evil.example.com/', production(resolve))).rejects.toThrow(
      new RefusedTarget(`evil.example.com ${reason}`),
    );
  });

  it('refuses IP literals without asking the resolver, whatever their notation', async () => {
    const resolve = resolverOf({});
    for (const url of [
      'https://0x7f.1/',
      'https://2130706433/',
      'https://[::ffff:127.0.0.1]/',
      'https://0/',
    ]) {
      await expect(vetWebhookTarget(url, production(resolve))).rejects.toBeInstanceOf(RefusedTarget);
    }
    expect(resolve.asked).toEqual([]);
  });

  it('refuses plain http and credentials again at send time', async () => {
    const resolve = resolverOf({ 'hooks.example.com': ['93.184.215.14'] });
    await expect(vetWebhookTarget('http://hooks.example.com/', production(resolve))).rejects.toThrow(
      'Webhook URLs must use https.',
    );
    await expect(vetWebhookTarget('https://a:b@hooks.example.com/', production(resolve))).rejects.toThrow(
      'Webhook URLs may not carry a user name or password.',
    );
  });

  it('lets loopback through only in development (WEBHOOKS_ALLOW_INSECURE_LOCALHOST), and nothing private', async () => {
    const resolve = resolverOf({ localhost: ['127.0.0.1'], 'lan.example.com': ['192.168.1.1'] });
    const development = { allowInsecureLocalhost: true, resolve };
    await expect(vetWebhookTarget('http://localhost:3000/', development)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(vetWebhookTarget('https://lan.example.com/', development)).rejects.toThrow(
      'lan.example.com resolves to 192.168.1.1, a private address',
    );
  });
});
