import { Alert, Container, Text } from '@mantine/core';
import { CONTENT_WIDTH } from '@fxrates/web-kit';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** What the home page says to a browser whose account was just deleted. */
export const ACCOUNT_DELETED_MESSAGE =
  'Your account was deleted. Your subscription was cancelled, your API keys no longer work and a confirmation is on its way to your email address.';

/** Shown when the dashboard sent the browser here after deleting the account (`?account=deleted`). */
export function AccountDeletedNotice() {
  const [search] = useSearchParams();
  const [closed, setClosed] = useState(false);
  if (search.get('account') !== 'deleted' || closed) return null;
  return (
    <Container size={CONTENT_WIDTH} pt="md">
      <Alert
        color="green"
        variant="light"
        role="status"
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={() => setClosed(true)}
        data-testid="account-deleted"
      >
        <Text size="sm">{ACCOUNT_DELETED_MESSAGE}</Text>
      </Alert>
    </Container>
  );
}
