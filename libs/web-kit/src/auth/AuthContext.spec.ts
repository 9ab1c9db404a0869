import { MantineProvider } from '@mantine/core';
import { AUTH_MESSAGES } from '@fxrates/domain';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ApiProvider } from '../api/ApiContext';
import { AuthProvider, useAuth } from './AuthContext';

function SignedInName() {
  const { user, loading } = useAuth();
  return createElement(
    'p',
    null,
    `content for ${user?.displayName ?? 'nobody'}${loading ? ' (loading)' : ''}`,
  );
}

describe('AuthProvider and useAuth', () => {
  afterEach(() => jest.restoreAllMocks());

  it('useAuth throws outside an AuthProvider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderToStaticMarkup(createElement(SignedInName))).toThrow(
      AUTH_MESSAGES.useAuthOutsideProvider,
    );
  });

  it('renders the app at once, with loading true until the session is known', () => {
    const html = renderToStaticMarkup(
      createElement(
        MantineProvider,
        null,
        createElement(ApiProvider, {
          baseUrl: 'http://127.0.0.1:9/api',
          children: createElement(AuthProvider, { children: createElement(SignedInName) }),
        }),
      ),
    );
    expect(html).toContain('content for nobody (loading)');
  });
});
