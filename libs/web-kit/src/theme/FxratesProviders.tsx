import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiProvider } from '../api/ApiContext';
import { AuthProvider } from '../auth/AuthContext';
import { RuntimeConfigProvider } from '../runtime-config/RuntimeConfigContext';
import type { RuntimeConfig } from '../runtime-config/runtime-config';
import { fxratesCssVariables, fxratesTheme } from './theme';

/**
 * Everything a page needs around it: theme, runtime config, the API client and the signed-in user.
 * Used once by the shell, and by each remote when it runs standalone; remotes mounted by the shell
 * use the shell's providers (web-kit is a shared singleton).
 */
export function FxratesProviders({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return (
    <MantineProvider
      theme={fxratesTheme}
      cssVariablesResolver={fxratesCssVariables}
      defaultColorScheme="light"
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
      cssVariablesResolver={fxratesCssVariables}
      defaultColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
}
