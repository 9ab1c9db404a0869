import { browserOf, networkOf, placeOf } from './session-device';

describe('browserOf', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131 on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17 on iOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 on Linux'],
    [undefined, 'Unknown browser'],
    ['', 'Unknown browser'],
  ])('reads %s as %s', (userAgent, expected) => {
    expect(browserOf(userAgent)).toBe(expected);
  });

  it('stays within the column for any header', () => {
    expect(browserOf(`Mozilla/5.0 ${'x'.repeat(20_000)}`).length).toBeLessThanOrEqual(120);
  });
});

describe('networkOf', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:203.0.113.77', '203.0.113.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1::/48'],
    ['::1', null],
    [undefined, null],
    ['not an address', null],
  ])('keeps %s as %s', (ip, expected) => {
    expect(networkOf(ip)).toBe(expected);
  });
});

describe('placeOf', () => {
  it('names the country, and the city when the data has one, of a public IPv4 network', async () => {
    expect(await placeOf('8.8.8.0/24')).toBe('United States');
    expect(await placeOf('81.2.69.0/24')).toMatch(/, United Kingdom$/);
  });

  it.each(['10.1.2.0/24', '127.0.0.0/24', '203.0.113.0/24', '2001:db8:1::/48', null])(
    'places no private, reserved or IPv6 network: %s',
    async (network) => {
      expect(await placeOf(network)).toBeNull();
    },
  );
});
