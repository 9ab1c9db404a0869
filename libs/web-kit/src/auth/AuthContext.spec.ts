import { MantineProvider } from '@mantine/core';
import { AUTH_MESSAGES } from '@fxrates/domain';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ApiProvider } from '../api/ApiContext';
import { AuthProvider, useAuth } from './AuthContext';

function SignedInName() {
  const { user } = useAuth();
  return createElement('p', null, `content for ${user?.displayName ?? 'nobody'}`);
}

describe('AuthProvider and useAuth', () => {
  afterEach(() => jest.restoreAllMocks());

  it('useAuth throws outside an AuthProvider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderToStaticMarkup(createElement(SignedInName))).toThrow(
      AUTH_MESSAGES.useAuthOutsideProvider,
    );
  });

  it('renders "Loading..." instead of the app until the session is known', () => {
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
    expect(html).toContain('Loading...');
    expect(html).not.toContain('content for');
  });
});
