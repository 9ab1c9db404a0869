import { Route, Routes } from 'react-router';
import { AuthEntryPointsProvider } from './auth/AuthEntryPoints';
import { ShellLayout } from './layout/ShellLayout';
import { LoginPage } from './pages/LoginPage';
import { RegisterPage } from './pages/RegisterPage';
import { RemoteRouteGroup } from './remotes/RemoteRouteGroup';

/** The shell's routes: its own pages, and every other path handed to the remote that owns it. */
export function App() {
  return (
    <AuthEntryPointsProvider>
      <Routes>
        <Route element={<ShellLayout />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="*" element={<RemoteRouteGroup />} />
        </Route>
      </Routes>
    </AuthEntryPointsProvider>
  );
}
