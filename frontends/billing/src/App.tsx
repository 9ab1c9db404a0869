import { NotFoundPage } from '@fxrates/web-kit';
import { Route, Routes } from 'react-router';
import { SubscribePage } from './pages/SubscribePage';

/** Checkout. Exposed as `./App`; the shell mounts it for /subscribe. */
export default function BillingApp() {
  return (
    <Routes>
      <Route path="/subscribe" element={<SubscribePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
