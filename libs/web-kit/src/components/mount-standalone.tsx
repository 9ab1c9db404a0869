import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { RuntimeConfigGate } from '../runtime-config/RuntimeConfigGate';
import { FxratesProviders } from '../theme/FxratesProviders';
import { StandaloneFrame } from './StandaloneFrame';

/**
 * Development entry of a remote running on its own: the same providers the shell gives it, inside
 * a minimal frame. The shell mounts a remote's ./App itself and never calls this.
 */
export function mountStandalone(appName: string, App: ComponentType): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');

  createRoot(container).render(
    <StrictMode>
      <RuntimeConfigGate>
        {(config) => (
          <FxratesProviders config={config}>
            <BrowserRouter>
              <StandaloneFrame appName={appName}>
                <App />
              </StandaloneFrame>
            </BrowserRouter>
          </FxratesProviders>
        )}
      </RuntimeConfigGate>
    </StrictMode>,
  );
}
