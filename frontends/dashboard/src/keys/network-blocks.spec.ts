import { isIPv4Address, isIPv6Address, isNetworkBlock } from './network-blocks';

describe('the networks a key may be limited to', () => {
  it('reads dotted IPv4 addresses, 0 to 255 in each part, without leading zeros', () => {
    for (const address of ['203.0.113.7', '0.0.0.0', '255.255.255.255', '10.0.0.1'])
      expect(isIPv4Address(address)).toBe(true);
    for (const address of ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.x', '', '1..2.3'])
      expect(isIPv4Address(address)).toBe(false);
  });

  it('reads IPv6 addresses written in full, compressed with "::", or ending in an IPv4 address', () => {
    for (const address of [
      '2001:db8:0:0:0:0:0:1',
      '2001:db8::1',
      '::',
      '::1',
      'fe80::',
      '1:2:3:4:5:6:7::',
      '::ffff:192.0.2.1',
      '64:ff9b::203.0.113.7',
      '2001:DB8::ABCD',
    ])
      expect(isIPv6Address(address)).toBe(true);
    for (const address of [
      '2001:db8::1::2',
      '1:2:3:4:5:6:7:8::',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '2001:db8::g',
      '12345::',
      '192.0.2.1::',
      ':1:2:3:4:5:6:7',
      '203.0.113.7',
    ])
      expect(isIPv6Address(address)).toBe(false);
  });

  it('takes a block with its prefix length, or a bare address as one host', () => {
    for (const block of [
      '203.0.113.0/24',
      '203.0.113.7',
      '0.0.0.0/0',
      '10.0.0.0/32',
      '2001:db8::/32',
      '::1/128',
    ])
      expect(isNetworkBlock(block)).toBe(true);
  });

  it('refuses a prefix longer than the address, a malformed one, a zone and anything that is no address', () => {
    for (const block of [
      '203.0.113.0/33',
      '2001:db8::/129',
      '203.0.113.0/',
      '203.0.113.0/-1',
      '203.0.113.0/24/8',
      '203.0.113.0/2a',
      'fe80::1%eth0',
      'example.com',
      '203.0.113.0 /24',
      '',
    ])
      expect(isNetworkBlock(block)).toBe(false);
  });
});
