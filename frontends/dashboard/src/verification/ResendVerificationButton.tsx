import { Alert, Button, Stack } from '@mantine/core';
import { useResendVerification } from './use-resend-verification';
import { VERIFICATION_TEXTS } from './verification-texts';

/** Sends the signed-in user a new verification link, and says whether it went (or why not). */
export function ResendVerificationButton({ email, label }: { email: string; label: string }) {
  const { state, send } = useResendVerification();
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        size="sm"
        variant="light"
        onClick={() => void send()}
        loading={state.status === 'sending'}
        data-testid="resend-verification"
      >
        {label}
      </Button>
      {state.status === 'sent' && (
        <Alert color="green" variant="light" py="xs" role="status" data-testid="resend-verification-result">
          {VERIFICATION_TEXTS.resent(email)}
        </Alert>
      )}
      {state.status === 'failed' && (
        <Alert color="red" variant="light" py="xs" role="alert" data-testid="resend-verification-result">
          {state.message}
        </Alert>
      )}
    </Stack>
  );
}
