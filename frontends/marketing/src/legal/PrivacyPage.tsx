import { useRuntimeConfig } from '@fxrates/web-kit';
import { useMemo } from 'react';
import { LegalDocumentView } from './LegalDocumentView';
import { privacyPolicySections } from './privacy-policy';

/** /privacy */
export function PrivacyPage() {
  const { productName, supportEmail } = useRuntimeConfig();
  const sections = useMemo(
    () => privacyPolicySections({ productName, supportEmail }),
    [productName, supportEmail],
  );
  return <LegalDocumentView title="Privacy Policy" sections={sections} />;
}
