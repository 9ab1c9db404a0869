import { KeyNetworks, formatNetworkBlock, parseNetworkBlock } from './key-networks';

describe('key networks', () => {
  it('reads IPv4 and IPv6 blocks and bare addresses, and refuses anything else', () => {
    expect(parseNetworkBlock('203.0.113.0/24')).toEqual({
      address: '203.0.113.0',
      prefix: 24,
      family: 'ipv4',
    });
    expect(parseNetworkBlock(' 2001:DB8::/32 ')).toEqual({
      address: '2001:db8::',
      prefix: 32,
      family: 'ipv6',
    });
    expect(parseNetworkBlock('198.51.100.7')).toEqual({
      address: '198.51.100.7',
      prefix: 32,
      family: 'ipv4',
    });
    expect(parseNetworkBlock('::ffff:198.51.100.7/32')?.family).toBe('ipv4');
    for (const bad of [
      '',
      '10.0.0.0/33',
      '2001:db8::/129',
      '10.0.0/8',
      'example.com',
      '10.0.0.0/8/8',
      '10.0.0.0/-1',
      'fe80::1%eth0/64',
      '10.0.0.0/ 8',
    ])
      expect(parseNetworkBlock(bad)).toBeUndefined();
    expect(formatNetworkBlock(parseNetworkBlock('2001:DB8::1')!)).toBe('2001:db8::1/128');
  });

  it('matches addresses inside the blocks only, IPv4-mapped IPv6 as IPv4', () => {
    const networks = new KeyNetworks(['203.0.113.0/24', '2001:db8:1::/48']);
    expect(networks.allows('203.0.113.200')).toBe(true);
    expect(networks.allows('::ffff:203.0.113.9')).toBe(true);
    expect(networks.allows('203.0.114.1')).toBe(false);
    expect(networks.allows('2001:db8:1:ffff::1')).toBe(true);
    expect(networks.allows('2001:db8:2::1')).toBe(false);
    expect(networks.allows('not an address')).toBe(false);
    expect(networks.allows(undefined)).toBe(false);
  });
});
