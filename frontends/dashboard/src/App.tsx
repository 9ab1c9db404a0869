import { NotFoundPage } from '@fxrates/web-kit';
import { Route, Routes } from 'react-router';
import { AccountPage } from './pages/AccountPage';
import { DashboardPage } from './pages/DashboardPage';

/** The signed-in user's area. Exposed as `./App`; the shell mounts it for /dashboard and /account. */
export default function DashboardApp() {
  return (
    <Routes>
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/account" element={<AccountPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
