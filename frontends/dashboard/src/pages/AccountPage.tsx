import { Alert, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@fxrates/domain';
import { ErrorAlert, LoadingState, PageSection, useAccount, type AccountState } from '@fxrates/web-kit';
import { Link } from 'react-router';
import { accountFields, canCancel, canUpgrade, planName } from '../account/account-view';
import { CancelSubscription } from '../account/CancelSubscription';
import { PlanChangeNotice } from '../account/PlanChangeNotice';
import { usePlanChangeConfirmation, type Confirmation } from '../account/use-plan-change-confirmation';

function AccountDetails({ state, retry }: { state: AccountState; retry: () => void }) {
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'failed') {
    return <ErrorAlert message={MESSAGES.loadAccountFailed} onRetry={retry} data-testid="account-error" />;
  }
  const { account } = state;
  return (
    <Card withBorder radius="md" padding="xl" shadow="xs">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title order={2} fz="h3">
            {account.displayName}
          </Title>
          <Badge size="lg" variant="light">
            {planName(account.plan)} plan
          </Badge>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md" m={0}>
          {accountFields(account).map((field) => (
            <Box key={field.key}>
              <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
                {field.label}
              </Text>
              <Text component="dd" m={0} fw={500} data-testid={`account-${field.key}`}>
                {field.value}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        <PlanChangeNotice account={account} />
        {canUpgrade(account) && (
          <Group>
            <Button component={Link} to="/pricing">
              Upgrade Plan
            </Button>
          </Group>
        )}
        {canCancel(account) && (
          <Group>
            <CancelSubscription account={account} onCancelled={retry} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function ConfirmationNotice({ confirmation }: { confirmation: Confirmation }) {
  if (confirmation.status === 'none') return null;
  if (confirmation.status === 'confirming') return <LoadingState />;
  return (
    <Alert
      color={confirmation.status === 'done' ? 'green' : 'red'}
      variant="light"
      mb="lg"
      data-testid="plan-change-confirmation"
    >
      {confirmation.message}
    </Alert>
  );
}

/** /account (spec §2, Account Settings): profile and subscription of the signed-in user. */
export function AccountPage() {
  const { state, retry } = useAccount();
  const confirmation = usePlanChangeConfirmation(retry);
  return (
    <PageSection title="Account Settings" description="Your profile, plan and billing details.">
      <ConfirmationNotice confirmation={confirmation} />
      <AccountDetails state={state} retry={retry} />
    </PageSection>
  );
}
