import { usePageTitle } from '@fxrates/web-kit';
import { AccountDeletedNotice } from './AccountDeletedNotice';
import { FeatureHighlights } from './FeatureHighlights';
import { Hero } from './Hero';

/** / — hero with the converter, then the product's highlights. */
export function HomePage() {
  usePageTitle('Home');
  return (
    <>
      <AccountDeletedNotice />
      <Hero />
      <FeatureHighlights />
    </>
  );
}
