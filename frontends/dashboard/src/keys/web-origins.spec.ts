import { allowedOriginOf } from './web-origins';

describe('the origins a publishable key may answer', () => {
  it('takes https origins, with a port or a trailing slash, as the browser will send them', () => {
    expect(allowedOriginOf('https://shop.example.com')).toBe('https://shop.example.com');
    expect(allowedOriginOf('https://shop.example.com/')).toBe('https://shop.example.com');
    expect(allowedOriginOf('https://Shop.Example.com:8443')).toBe('https://shop.example.com:8443');
    expect(allowedOriginOf('https://shop.example.com:443')).toBe('https://shop.example.com');
  });

  it("takes plain http on the developer's machine only", () => {
    expect(allowedOriginOf('http://localhost:3000')).toBe('http://localhost:3000');
    expect(allowedOriginOf('http://localhost')).toBe('http://localhost');
    expect(allowedOriginOf('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(allowedOriginOf('http://[::1]:8080')).toBe('http://[::1]:8080');
    expect(allowedOriginOf('http://shop.example.com')).toBeNull();
    expect(allowedOriginOf('http://localhost.example.com')).toBeNull();
    expect(allowedOriginOf('http://10.0.0.5')).toBeNull();
  });

  it('refuses what is more or less than an origin', () => {
    for (const text of [
      'shop.example.com',
      'https://shop.example.com/checkout',
      'https://shop.example.com?x=1',
      'https://shop.example.com#top',
      'https://user@shop.example.com',
      'https://*.example.com',
      'ftp://shop.example.com',
      'https://',
      'https://shop example.com',
      '',
    ])
      expect(allowedOriginOf(text)).toBeNull();
  });
});
