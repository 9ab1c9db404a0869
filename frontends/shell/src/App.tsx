import { LoadingState } from '@fxrates/web-kit';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { AuthEntryPointsProvider } from './auth/AuthEntryPoints';
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from './auth/password-reset';
import { ShellLayout } from './layout/ShellLayout';
import { RemoteRouteGroup } from './remotes/RemoteRouteGroup';

// Chunks of their own: the landing page does not need them.
const LoginPage = lazy(() => import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('./pages/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() =>
  import('./pages/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);

/** A page fetched when first visited, "Loading..." meanwhile. */
function lazyPage(Page: ComponentType) {
  return (
    <Suspense fallback={<LoadingState />}>
      <Page />
    </Suspense>
  );
}

/** The shell's routes: its own pages, and every other path handed to the remote that owns it. */
export function App() {
  return (
    <AuthEntryPointsProvider>
      <Routes>
        <Route element={<ShellLayout />}>
          <Route path="/login" element={lazyPage(LoginPage)} />
          <Route path="/register" element={lazyPage(RegisterPage)} />
          <Route path={FORGOT_PASSWORD_PATH} element={lazyPage(ForgotPasswordPage)} />
          <Route path={RESET_PASSWORD_PATH} element={lazyPage(ResetPasswordPage)} />
          <Route path="*" element={<RemoteRouteGroup />} />
        </Route>
      </Routes>
    </AuthEntryPointsProvider>
  );
}
