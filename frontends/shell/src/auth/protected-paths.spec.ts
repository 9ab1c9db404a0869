import { isProtectedPath } from './protected-paths';

describe('isProtectedPath', () => {
  it.each(['/dashboard', '/dashboard/', '/account', '/account/settings', '/confirm-email', '/subscribe'])(
    '%s needs a user',
    (path) => {
      expect(isProtectedPath(path)).toBe(true);
    },
  );

  it.each(['/', '/login', '/register', '/pricing', '/docs', '/contact', '/dashboards', '/accounting'])(
    '%s is public',
    (path) => {
      expect(isProtectedPath(path)).toBe(false);
    },
  );
});
