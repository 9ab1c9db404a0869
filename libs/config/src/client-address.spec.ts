import fc from 'fast-check';
import { clientAddressKey, clientNetworks } from './client-address';

describe('clientAddressKey', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::FFFF:c633:6407', '198.51.100.7'],
    ['0:0:0:0:0:ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:abcd:12::1', '2001:db8:abcd:12::/64'],
    ['2001:DB8:ABCD:0012:ffff:ffff:ffff:ffff', '2001:db8:abcd:12::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['::1', '::1'],
  ])('keys %s as %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });

  it('leaves what is not an address as it is', () => {
    expect(clientAddressKey(undefined)).toBe('unknown');
    expect(clientAddressKey('')).toBe('unknown');
    expect(clientAddressKey('not-an-ip')).toBe('not-an-ip');
  });

  // IPv4-mapped and loopback addresses have keys of their own (above).
  const special = (g: number[]) => g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0);
  const groups = fc
    .array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 })
    .filter((g) => !special(g));
  const hex = (g: number[]) => g.map((x) => x.toString(16)).join(':');

  it('gives every spelling of one IPv6 address the same key', () => {
    fc.assert(
      fc.property(groups, fc.integer({ min: 0, max: 7 }), fc.integer({ min: 2, max: 8 }), (g, at, length) => {
        // Zero a run of groups, then spell it out in full (upper case, padded) and compressed ("::").
        const end = Math.min(8, at + length);
        const zeroed = g.map((x, i) => (i >= at && i < end ? 0 : x));
        const full = zeroed.map((x) => x.toString(16).padStart(4, '0').toUpperCase()).join(':');
        const compressed = `${hex(zeroed.slice(0, at))}::${hex(zeroed.slice(end))}`;
        expect(clientAddressKey(compressed)).toBe(clientAddressKey(full));
        expect(clientAddressKey(full)).toBe(clientAddressKey(hex(zeroed)));
      }),
    );
  });

  it('keeps two /64 networks apart and every address of one /64 together', () => {
    fc.assert(
      fc.property(groups, groups, (a, b) => {
        const sameNetwork = a.slice(0, 4).every((x, i) => x === b[i]);
        expect(clientAddressKey(hex(a)) === clientAddressKey(hex(b))).toBe(sameNetwork);
        const sameNetworkAsA = [...a.slice(0, 4), ...b.slice(4)];
        if (!special(sameNetworkAsA))
          expect(clientAddressKey(hex(sameNetworkAsA))).toBe(clientAddressKey(hex(a)));
      }),
    );
  });
});

describe('clientNetworks', () => {
  it.each([
    ['198.51.100.7', [{ prefix: 'ipv4-24', key: '198.51.100.0/24' }]],
    ['::ffff:198.51.100.7', [{ prefix: 'ipv4-24', key: '198.51.100.0/24' }]],
    [
      '2001:db8:abcd:12ff::1',
      [
        { prefix: 'ipv6-56', key: '2001:db8:abcd:1200::/56' },
        { prefix: 'ipv6-48', key: '2001:db8:abcd::/48' },
      ],
    ],
    ['::1', []],
    ['not-an-ip', []],
    [undefined, []],
  ])('puts %s in %j', (ip, networks) => {
    expect(clientNetworks(ip)).toEqual(networks);
  });

  it('keeps every /64 of a /56 in that /56, every /56 of a /48 in that /48, and /48s apart', () => {
    const hex = (n: number) => n.toString(16);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 0xffff }),
        fc.integer({ min: 1, max: 0xffff }),
        fc.integer({ min: 0, max: 0xff }),
        fc.integer({ min: 0, max: 0xff }),
        (site, otherSite, subnet56, subnet64) => {
          const [n56, n48] = clientNetworks(`2001:db8:${hex(site)}:${hex((subnet56 << 8) | subnet64)}::1`);
          const [first56, first48] = clientNetworks(`2001:db8:${hex(site)}:${hex(subnet56 << 8)}::9`);
          expect(n56).toEqual(first56);
          expect(n48).toEqual(first48);
          expect(n48.key).toBe(`2001:db8:${hex(site)}::/48`);
          if (otherSite !== site) expect(clientNetworks(`2001:db8:${hex(otherSite)}::1`)[1]).not.toEqual(n48);
        },
      ),
    );
  });
});
