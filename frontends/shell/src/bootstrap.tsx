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
            {/* Navigations are not transitions: a transition can let an urgent update (a sign-out)
                render the page being left first, and its ProtectedRoute would send Logout to /login. */}
            <BrowserRouter useTransitions={false}>
              <App />
            </BrowserRouter>
          </FxratesProviders>
        );
      }}
    </RuntimeConfigGate>
  </StrictMode>,
);
