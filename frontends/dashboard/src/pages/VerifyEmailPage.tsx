import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { errorMessage, isApiError, LoadingState, PageSection, useAuth, useLinkToken } from '@fxrates/web-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ResendVerificationButton } from '../verification/ResendVerificationButton';
import {
  outcomeOfRefusal,
  VERIFICATION_TEXTS,
  type VerificationOutcome,
} from '../verification/verification-texts';

type PageState =
  | { status: 'verifying' }
  | { status: 'verified'; message: string }
  | { status: 'no-token' }
  | { status: 'refused'; message: string; outcome: VerificationOutcome };

/**
 * /dashboard/verify-email#token=…, the link of the verification email. The token is
 * read from the fragment, which no server sees, then taken out of the address bar (and so out of
 * the history) and POSTed. The shell's sign-in keeps the fragment when it sends a signed-out visitor
 * to /login and back. Success updates the signed-in user: the dashboard's banner goes and keys can
 * be created. A refused link shows the API's message and the way on.
 */
export function VerifyEmailPage() {
  const { user, verifyEmail } = useAuth();
  const token = useLinkToken();
  const [state, setState] = useState<PageState>(token ? { status: 'verifying' } : { status: 'no-token' });
  const sent = useRef<string | null>(null);

  const verify = useCallback(
    async (candidate: string) => {
      setState({ status: 'verifying' });
      try {
        await verifyEmail(candidate);
        setState({ status: 'verified', message: VERIFICATION_TEXTS.verified });
      } catch (error) {
        const outcome = outcomeOfRefusal(isApiError(error) ? error.code : undefined);
        const message = errorMessage(error, VERIFICATION_TEXTS.verifyFailed);
        if (outcome === 'verified') {
          // Used already, or another link was: the address is verified all the same.
          setState({ status: 'verified', message });
        } else {
          console.error('Email verification failed', error);
          setState({ status: 'refused', message, outcome });
        }
      }
    },
    [verifyEmail],
  );

  useEffect(() => {
    // Once per link: a link is single use, and StrictMode runs effects twice in development.
    if (!token || sent.current === token) return;
    sent.current = token;
    void verify(token);
  }, [token, verify]);

  return (
    <PageSection title={VERIFICATION_TEXTS.pageTitle} size={560}>
      <Paper withBorder p="lg" radius="md" shadow="xs">
        <Stack gap="md" data-testid="verify-email-page" data-status={state.status}>
          {state.status === 'verifying' && <LoadingState />}
          {state.status === 'verified' && (
            <>
              <Alert color="green" variant="light" role="status" data-testid="verify-email-result">
                {state.message}
              </Alert>
              <Group>
                <Button component={Link} to="/dashboard">
                  {VERIFICATION_TEXTS.toDashboard}
                </Button>
              </Group>
            </>
          )}
          {state.status === 'no-token' && (
            <Alert color="yellow" variant="light" role="status" data-testid="verify-email-result">
              <Text size="sm">{VERIFICATION_TEXTS.noToken}</Text>
            </Alert>
          )}
          {state.status === 'refused' && (
            <Alert color="red" variant="light" role="alert" data-testid="verify-email-result">
              <Text size="sm">{state.message}</Text>
            </Alert>
          )}
          {state.status === 'refused' && state.outcome === 'retry' && token && (
            <Group>
              <Button onClick={() => void verify(token)}>{VERIFICATION_TEXTS.retry}</Button>
            </Group>
          )}
          {user &&
            !user.emailVerified &&
            (state.status === 'no-token' ||
              (state.status === 'refused' && state.outcome === 'send-new-link')) && (
              <ResendVerificationButton email={user.email} label={VERIFICATION_TEXTS.resendAgain} />
            )}
        </Stack>
      </Paper>
    </PageSection>
  );
}
