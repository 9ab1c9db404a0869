import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiProvider } from '../api/ApiContext';
import { AuthProvider } from '../auth/AuthContext';
import { RuntimeConfigProvider } from '../runtime-config/RuntimeConfigContext';
import type { RuntimeConfig } from '../runtime-config/runtime-config';
import { fxratesTheme } from './theme';

/**
 * Mantine's "dimmed" text (gray 6) has a contrast of 3.3:1 on white, under the 4.5:1 that WCAG AA
 * and Lighthouse ask for: gray 7 has 8.6:1.
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

/**
 * Everything a page needs around it: theme, runtime config, the API client and the signed-in user.
 * Used once by the shell, and by each remote when it runs standalone; remotes mounted by the shell
 * use the shell's providers (web-kit is a shared singleton).
 */
export function FxratesProviders({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return (
    <MantineProvider
      theme={fxratesTheme}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <RuntimeConfigProvider config={config}>
        <ApiProvider baseUrl={config.apiBaseUrl}>
          <AuthProvider>{children}</AuthProvider>
        </ApiProvider>
      </RuntimeConfigProvider>
    </MantineProvider>
  );
}

/** Theme only, for screens shown before the runtime config is available. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={fxratesTheme}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      {children}
    </MantineProvider>
  );
}
