import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0:0:0:ffff', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not an address', 'not an address'],
  ])('counts %s as %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });

  it('counts every address of one /64 as one client, and neighbouring /64s apart', () => {
    expect(clientAddressKey('2001:db8:1:2::1')).toBe(clientAddressKey('2001:db8:1:2:ffff::9'));
    expect(clientAddressKey('2001:db8:1:2::1')).not.toBe(clientAddressKey('2001:db8:1:3::1'));
  });
});
