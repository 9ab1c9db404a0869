import { Alert, Container, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';

/** What the home page says to a browser whose account was just deleted. */
export const ACCOUNT_DELETED_MESSAGE =
  'Your account was deleted. Your subscription was cancelled, your API keys no longer work and a confirmation is on its way to your email address.';

/** Shown when the dashboard sent the browser here after deleting the account (`?account=deleted`). */
export function AccountDeletedNotice() {
  const [search] = useSearchParams();
  if (search.get('account') !== 'deleted') return null;
  return (
    <Container size="lg" pt="md">
      <Alert color="green" variant="light" role="status" data-testid="account-deleted">
        <Text size="sm">{ACCOUNT_DELETED_MESSAGE}</Text>
      </Alert>
    </Container>
  );
}
