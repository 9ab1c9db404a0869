import { LoadingState, NotFoundPage } from '@fxrates/web-kit';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { HomePage } from './home/HomePage';
import { MARKETING_RELEASE, MARKETING_RELEASE_META } from './release';

// The landing page comes with the app; every other page is a chunk of its own, fetched when first
// visited, so that `/` loads only what it shows.
const PricingPage = lazy(() => import('./pricing/PricingPage').then((m) => ({ default: m.PricingPage })));
const ApiDocsPage = lazy(() => import('./docs/ApiDocsPage').then((m) => ({ default: m.ApiDocsPage })));
const ContactPage = lazy(() => import('./contact/ContactPage').then((m) => ({ default: m.ContactPage })));
const PrivacyPage = lazy(() => import('./legal/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));
const StatusPage = lazy(() => import('./status/StatusPage').then((m) => ({ default: m.StatusPage })));
const TermsPage = lazy(() => import('./legal/TermsPage').then((m) => ({ default: m.TermsPage })));

/** The public pages. Exposed as `./App`; the shell mounts it for the routes it owns. */
export default function MarketingApp() {
  return (
    <>
      <Suspense fallback={<LoadingState />}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/pricing" element={<PricingPage />} />
          <Route path="/docs" element={<ApiDocsPage />} />
          <Route path="/contact" element={<ContactPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/status" element={<StatusPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
      {/*
        Which release of this remote the shell loaded (its /config.json names it): for operators, in
        the page's head (React puts a <meta> there), never in the text visitors read. deploy/README.md.
      */}
      <meta name={MARKETING_RELEASE_META} content={MARKETING_RELEASE} />
    </>
  );
}
