import { MAX_KEY_NETWORKS, MAX_KEY_ORIGINS } from '@fxrates/domain';
import { linesOf, networksProblem, originsOf, originsProblem, RESTRICTION_TEXTS } from './restriction-lines';

describe('one-per-line restriction fields', () => {
  it('reads one entry a line, trimmed, without blank lines or repeats; a comma separates too', () => {
    expect(linesOf(' 203.0.113.0/24 \r\n\n2001:db8::/32\n203.0.113.0/24\n')).toEqual([
      '203.0.113.0/24',
      '2001:db8::/32',
    ]);
    expect(linesOf('10.0.0.0/8, 192.168.0.0/16')).toEqual(['10.0.0.0/8', '192.168.0.0/16']);
    expect(linesOf('  \n ')).toEqual([]);
  });

  it('accepts IPv4 and IPv6 networks and bare addresses, and names the first line that is not one', () => {
    expect(networksProblem('')).toBeNull();
    expect(networksProblem('203.0.113.0/24\n2001:db8::/32\n198.51.100.7')).toBeNull();
    expect(networksProblem('203.0.113.0/24\n203.0.113.0/33\nexample.com')).toBe(
      '"203.0.113.0/33" is not a network. Write one IPv4 or IPv6 address or CIDR block per line, such as 203.0.113.0/24 or 2001:db8::/32.',
    );
  });

  it(`allows at most ${MAX_KEY_NETWORKS} networks, repeats counted once`, () => {
    const networks = (n: number) => Array.from({ length: n }, (_, i) => `10.0.${i}.0/24`).join('\n');
    expect(networksProblem(networks(MAX_KEY_NETWORKS))).toBeNull();
    expect(networksProblem(`${networks(MAX_KEY_NETWORKS)}\n10.0.0.0/24`)).toBeNull();
    expect(networksProblem(networks(MAX_KEY_NETWORKS + 1))).toBe(RESTRICTION_TEXTS.tooManyNetworks);
  });

  it('sends origins as the browser writes them, each once', () => {
    expect(originsOf('https://Shop.example.com/\nhttps://shop.example.com\nhttp://localhost:3000')).toEqual([
      'https://shop.example.com',
      'http://localhost:3000',
    ]);
  });

  it('requires an origin of a publishable key only, and names the first line that is not an origin', () => {
    expect(originsProblem('', true)).toBe('A publishable key needs at least one allowed origin.');
    expect(originsProblem(' \n', true)).toBe(RESTRICTION_TEXTS.originRequired);
    expect(originsProblem('', false)).toBeNull();
    expect(originsProblem('https://shop.example.com', true)).toBeNull();
    expect(originsProblem('https://shop.example.com\nhttp://shop.example.com/cart', true)).toBe(
      '"http://shop.example.com/cart" is not a web origin. Write one per line, such as https://shop.example.com (http:// only for localhost).',
    );
  });

  it(`allows at most ${MAX_KEY_ORIGINS} origins`, () => {
    const origins = (n: number) =>
      Array.from({ length: n }, (_, i) => `https://site${i}.example.com`).join('\n');
    expect(originsProblem(origins(MAX_KEY_ORIGINS), true)).toBeNull();
    expect(originsProblem(origins(MAX_KEY_ORIGINS + 1), true)).toBe(RESTRICTION_TEXTS.tooManyOrigins);
  });
});
