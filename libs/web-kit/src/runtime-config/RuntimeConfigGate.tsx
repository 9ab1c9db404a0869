import { Container } from '@mantine/core';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { ErrorAlert } from '../components/ErrorAlert';
import { LoadingState } from '../components/LoadingState';
import { ThemeProvider } from '../theme/FxratesProviders';
import { loadRuntimeConfig, type RuntimeConfig } from './runtime-config';

type GateState =
  { status: 'loading' } | { status: 'ready'; config: RuntimeConfig } | { status: 'failed'; message: string };

/**
 * Loads /config.json before anything else renders; shows a spinner meanwhile and an error
 * with Retry if the configuration cannot be read.
 */
export function RuntimeConfigGate({ children }: { children: (config: RuntimeConfig) => ReactNode }) {
  const [state, setState] = useState<GateState>({ status: 'loading' });

  const load = useCallback(() => {
    setState({ status: 'loading' });
    loadRuntimeConfig().then(
      (config) => setState({ status: 'ready', config }),
      (error: unknown) =>
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }, []);

  useEffect(load, [load]);

  if (state.status === 'ready') return <>{children(state.config)}</>;
  return (
    <ThemeProvider>
      {state.status === 'loading' ? (
        <LoadingState minHeight={400} />
      ) : (
        <Container size="sm" py={80}>
          <ErrorAlert
            title="The application could not start"
            message={`Its configuration could not be loaded. ${state.message}`}
            onRetry={load}
          />
        </Container>
      )}
    </ThemeProvider>
  );
}
