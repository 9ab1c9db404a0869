import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ConfirmEmailChangeRequest, EmailChangeStatus } from '@fxrates/domain';
import { errorMessage, LoadingState, PageSection, useApi, useLinkToken } from '@fxrates/web-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  confirmRefusalOf,
  EMAIL_CHANGE_API,
  EMAIL_CHANGE_TEXTS,
  type ConfirmRefusal,
} from '../account/email-change';

type PageState =
  | { status: 'confirming' }
  | { status: 'confirmed'; email: string }
  | { status: 'no-token' }
  | { status: 'refused'; message: string; refusal: ConfirmRefusal };

/**
 * /confirm-email#token=…, the link mailed to a new address; signed in as the account
 * that asked (the shell's sign-in keeps the fragment). The token is read from the fragment, taken out
 * of the address bar and POSTed once. The change ends every sign-in of the account, so success asks
 * for a sign-in with the new address; a refused link shows the API's text and the account page,
 * where a new link can be asked for.
 */
export function ConfirmEmailPage() {
  const { client } = useApi();
  const token = useLinkToken();
  const [state, setState] = useState<PageState>(token ? { status: 'confirming' } : { status: 'no-token' });
  const sent = useRef<string | null>(null);

  const confirm = useCallback(
    async (candidate: string) => {
      setState({ status: 'confirming' });
      try {
        const body: ConfirmEmailChangeRequest = { token: candidate };
        const changed = await client.post<EmailChangeStatus>(EMAIL_CHANGE_API.confirm, body);
        setState({ status: 'confirmed', email: changed.email });
      } catch (error) {
        console.error('Email change failed', error);
        setState({
          status: 'refused',
          message: errorMessage(error, EMAIL_CHANGE_TEXTS.confirmFailed),
          refusal: confirmRefusalOf(error),
        });
      }
    },
    [client],
  );

  useEffect(() => {
    // Once per link: a link is single use, and StrictMode runs effects twice in development.
    if (!token || sent.current === token) return;
    sent.current = token;
    void confirm(token);
  }, [token, confirm]);

  return (
    <PageSection title={EMAIL_CHANGE_TEXTS.pageTitle} size={560}>
      <Paper withBorder p="lg" radius="md" shadow="xs">
        <Stack gap="md" data-testid="confirm-email-page" data-status={state.status}>
          {state.status === 'confirming' && <LoadingState />}
          {state.status === 'confirmed' && (
            <>
              <Alert color="green" variant="light" role="status" data-testid="confirm-email-result">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {EMAIL_CHANGE_TEXTS.confirmed(state.email)}
                </Text>
              </Alert>
              <Group>
                {/*
                  A page load, not a route change: it drops this tab's access token, and the
                  start-up refresh finds the sign-in ended (the API revoked it), so /login shows.
                */}
                <Button component="a" href="/login">
                  {EMAIL_CHANGE_TEXTS.signInAgain}
                </Button>
              </Group>
            </>
          )}
          {state.status === 'no-token' && (
            <Alert color="yellow" variant="light" role="status" data-testid="confirm-email-result">
              <Text size="sm">{EMAIL_CHANGE_TEXTS.noToken}</Text>
            </Alert>
          )}
          {state.status === 'refused' && (
            <Alert color="red" variant="light" role="alert" data-testid="confirm-email-result">
              <Text size="sm">{state.message}</Text>
            </Alert>
          )}
          {(state.status === 'no-token' || (state.status === 'refused' && state.refusal === 'ask-again')) && (
            <Group>
              <Button component={Link} to="/account">
                {EMAIL_CHANGE_TEXTS.toAccount}
              </Button>
            </Group>
          )}
          {state.status === 'refused' && state.refusal === 'retry' && token && (
            <Group>
              <Button onClick={() => void confirm(token)}>{EMAIL_CHANGE_TEXTS.retry}</Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </PageSection>
  );
}
