import { LoadingState, type RemoteName } from '@fxrates/web-kit';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { loadRemoteApp } from './load-remote-app';
import { resetRemote } from './register-remotes';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';
import { IncompatibleRemoteError } from './shared-compatibility';

type RemoteState =
  | { status: 'loading' }
  | { status: 'ready'; App: ComponentType }
  | { status: 'failed'; retrying: boolean; reason?: string };

/** Remotes already loaded in this page, so that navigating back renders them at once. */
const loadedApps = new Map<RemoteName, ComponentType>();

function initialState(name: RemoteName): RemoteState {
  const App = loadedApps.get(name);
  return App ? { status: 'ready', App } : { status: 'loading' };
}

/**
 * Mounts a remote's exposed `./App`. While loading it shows a spinner; when loading or
 * rendering fails it shows an error panel whose Retry starts a fresh load.
 */
export function RemoteApp({ name }: { name: RemoteName }) {
  const [state, setState] = useState<RemoteState>(() => initialState(name));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0 && loadedApps.has(name)) return undefined;
    let cancelled = false;
    if (attempt > 0) resetRemote(name);
    loadRemoteApp(name).then(
      (App) => {
        loadedApps.set(name, App);
        if (!cancelled) setState({ status: 'ready', App });
      },
      (error: unknown) => {
        console.error(`Could not load the ${name} application`, error);
        // A remote built against other shared singletons says why; any other failure says "try again".
        const reason = error instanceof IncompatibleRemoteError ? error.reason : undefined;
        if (!cancelled) setState({ status: 'failed', retrying: false, reason });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [name, attempt]);

  const retry = useCallback(() => {
    loadedApps.delete(name);
    setState({ status: 'failed', retrying: true });
    setAttempt((current) => current + 1);
  }, [name]);

  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'failed')
    return <RemoteUnavailable name={name} onRetry={retry} retrying={state.retrying} reason={state.reason} />;
  const { App } = state;
  return (
    <RemoteErrorBoundary
      fallback={(_error, reset) => (
        <RemoteUnavailable
          name={name}
          retrying={false}
          onRetry={() => {
            reset();
            retry();
          }}
        />
      )}
    >
      <App />
    </RemoteErrorBoundary>
  );
}
