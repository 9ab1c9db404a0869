import { NotFoundPage } from '@fxrates/web-kit';
import { Route, Routes } from 'react-router';
import { CONFIRM_EMAIL_PATH } from './account/email-change';
import { RECEIPT_ROUTE } from './account/payment-history';
import { AccountPage } from './pages/AccountPage';
import { AlertsPage } from './pages/AlertsPage';
import { ConfirmEmailPage } from './pages/ConfirmEmailPage';
import { DashboardPage } from './pages/DashboardPage';
import { ReceiptPage } from './pages/ReceiptPage';
import { VerifyEmailPage } from './pages/VerifyEmailPage';
import { WebhooksPage } from './pages/WebhooksPage';

/** The signed-in user's area. Exposed as `./App`; the shell mounts it for /dashboard, /account and /confirm-email. */
export default function DashboardApp() {
  return (
    <Routes>
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/dashboard/verify-email" element={<VerifyEmailPage />} />
      <Route path="/dashboard/webhooks" element={<WebhooksPage />} />
      <Route path="/dashboard/alerts" element={<AlertsPage />} />
      <Route path="/account" element={<AccountPage />} />
      <Route path={RECEIPT_ROUTE} element={<ReceiptPage />} />
      <Route path={CONFIRM_EMAIL_PATH} element={<ConfirmEmailPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
