import { NotFoundPage } from '@fxrates/web-kit';
import { Route, Routes } from 'react-router';
import { AccountPage } from './pages/AccountPage';
import { DashboardPage } from './pages/DashboardPage';
import { VerifyEmailPage } from './pages/VerifyEmailPage';

/** The signed-in user's area. Exposed as `./App`; the shell mounts it for /dashboard and /account. */
export default function DashboardApp() {
  return (
    <Routes>
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/dashboard/verify-email" element={<VerifyEmailPage />} />
      <Route path="/account" element={<AccountPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
