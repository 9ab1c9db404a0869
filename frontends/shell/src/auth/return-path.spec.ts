import { loginPathReturningTo, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each(['/account', '/dashboard?tab=keys', '/subscribe#pay', '/docs/a%20b'])(
    'keeps the site path %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'dashboard',
    ' /dashboard',
    '/login',
    '/login?next=/account',
    '/register',
  ])('refuses %j', (next) => {
    expect(safeReturnPath(next)).toBeNull();
  });

  it('keeps an encoded path on this site rather than decoding it into another origin', () => {
    expect(safeReturnPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
});

describe('loginPathReturningTo', () => {
  it('sends the page as next, encoded', () => {
    expect(loginPathReturningTo({ pathname: '/account', search: '?a=1&b=2', hash: '#x' })).toBe(
      '/login?next=%2Faccount%3Fa%3D1%26b%3D2%23x',
    );
  });
});
