import { NotFoundPage } from '@fxrates/web-kit';
import { Route, Routes } from 'react-router';
import { ContactPage } from './contact/ContactPage';
import { ApiDocsPage } from './docs/ApiDocsPage';
import { HomePage } from './home/HomePage';
import { PrivacyPage } from './legal/PrivacyPage';
import { TermsPage } from './legal/TermsPage';
import { PricingPage } from './pricing/PricingPage';

/** The public pages. Exposed as `./App`; the shell mounts it for the routes it owns. */
export default function MarketingApp() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/pricing" element={<PricingPage />} />
      <Route path="/docs" element={<ApiDocsPage />} />
      <Route path="/contact" element={<ContactPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route path="/terms" element={<TermsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
