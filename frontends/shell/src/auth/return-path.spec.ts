import { loginPathReturningTo, returnPathAfterSignIn, safeReturnPath } from './return-path';

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
    '/.//evil.example',
    '/..//evil.example',
    '/./\\evil.example',
    '/%2e//evil.example',
    '/%2F%2Fevil.example',
    '/%2F/evil.example',
    '/%5Cevil.example',
    '/%09/evil.example',
    '/a/../..//evil.example',
    '/%E0%A4%A',
  ])('refuses %j', (next) => {
    expect(safeReturnPath(next)).toBeNull();
  });

  it('keeps a site path with dot segments or encoded characters, normalised', () => {
    expect(safeReturnPath('/./account')).toBe('/account');
    expect(safeReturnPath('/docs/../account?x=%2F')).toBe('/account?x=%2F');
  });
});

describe('loginPathReturningTo', () => {
  it('sends the page as next, encoded, and keeps its fragment out of the query string', () => {
    expect(loginPathReturningTo({ pathname: '/account', search: '?a=1&b=2', hash: '#x' })).toBe(
      '/login?next=%2Faccount%3Fa%3D1%26b%3D2#x',
    );
  });

  it("keeps the verification link's token in the fragment", () => {
    const path = loginPathReturningTo({
      pathname: '/dashboard/verify-email',
      search: '',
      hash: '#token=abc.DEF_-1',
    });
    expect(path).toBe('/login?next=%2Fdashboard%2Fverify-email#token=abc.DEF_-1');
    expect(new URL(path, 'https://x.invalid').search).not.toContain('token');
  });
});

describe('returnPathAfterSignIn', () => {
  it("hands /login's fragment on to the page", () => {
    expect(returnPathAfterSignIn('/dashboard/verify-email', '#token=abc')).toBe(
      '/dashboard/verify-email#token=abc',
    );
  });

  it('keeps a fragment next already has, and goes to /dashboard for a refused next', () => {
    expect(returnPathAfterSignIn('/subscribe#pay', '#other')).toBe('/subscribe#pay');
    expect(returnPathAfterSignIn('/account', '')).toBe('/account');
    expect(returnPathAfterSignIn('//evil.example', '#token=abc')).toBe('/dashboard');
    expect(returnPathAfterSignIn(null, '#token=abc')).toBe('/dashboard');
  });
});
