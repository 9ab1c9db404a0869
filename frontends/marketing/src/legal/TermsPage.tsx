import { useRuntimeConfig } from '@fxrates/web-kit';
import { useMemo } from 'react';
import { LegalDocumentView } from './LegalDocumentView';
import { termsOfServiceSections } from './terms-of-service';

/** /terms */
export function TermsPage() {
  const { productName, supportEmail } = useRuntimeConfig();
  const sections = useMemo(
    () => termsOfServiceSections({ productName, supportEmail }),
    [productName, supportEmail],
  );
  return <LegalDocumentView title="Terms of Service" sections={sections} />;
}
