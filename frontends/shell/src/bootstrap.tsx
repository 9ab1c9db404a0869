import { FxratesProviders, RuntimeConfigGate } from '@fxrates/web-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { registerConfiguredRemotes } from './remotes/register-remotes';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <RuntimeConfigGate>
      {(config) => {
        // Before any RemoteApp renders (its effect would otherwise run first); idempotent per URL.
        registerConfiguredRemotes(config);
        return (
          <FxratesProviders config={config}>
            <BrowserRouter>
              <App />
            </BrowserRouter>
          </FxratesProviders>
        );
      }}
    </RuntimeConfigGate>
  </StrictMode>,
);
