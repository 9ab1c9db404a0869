import { Alert, Text } from '@mantine/core';
import { useAuth, useDismissal } from '@fxrates/web-kit';
import { ResendVerificationButton } from './ResendVerificationButton';
import { VERIFICATION_TEXTS } from './verification-texts';

/**
 * The dashboard's notice to a user whose address is not verified yet: where the link
 * went, what it unlocks, and a button to send another. Gone once the user is verified; closed, it
 * stays closed in this tab (for this address).
 */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const { dismissed, dismiss } = useDismissal(`verify-email:${user?.email ?? ''}`);
  if (!user || user.emailVerified || dismissed) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="lg"
      title={VERIFICATION_TEXTS.bannerTitle}
      // As the quota banner: the yellow title fails WCAG contrast on its tint.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      role="status"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
      data-testid="verify-email-banner"
    >
      <Text size="sm" mb="sm">
        {VERIFICATION_TEXTS.bannerBody(user.email)}
      </Text>
      <ResendVerificationButton email={user.email} label={VERIFICATION_TEXTS.resend} />
    </Alert>
  );
}
