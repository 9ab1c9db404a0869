import { Alert, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@fxrates/domain';
import {
  ErrorAlert,
  formatLongDate,
  LoadingState,
  PageSection,
  useAccount,
  type AccountState,
} from '@fxrates/web-kit';
import { Link } from 'react-router';
import { accountFields, canCancel, canResume, canUpgrade, planName } from '../account/account-view';
import { CancelSubscription } from '../account/CancelSubscription';
import { ChangeEmailForm } from '../account/ChangeEmailForm';
import { ChangePasswordForm } from '../account/ChangePasswordForm';
import { DeleteAccount } from '../account/DeleteAccount';
import { ExportData } from '../account/ExportData';
import { NotificationSettings } from '../account/NotificationSettings';
import { PaymentHistory } from '../account/PaymentHistory';
import { PlanChangeNotice } from '../account/PlanChangeNotice';
import { ProfileForm } from '../account/ProfileForm';
import { Sessions } from '../account/Sessions';
import { TwoFactorSettings } from '../account/TwoFactorSettings';
import { quoteAgainState } from '../account/plan-change-return';
import { usePlanChangeConfirmation, type Confirmation } from '../account/use-plan-change-confirmation';
import { AuditLog } from '../audit/AuditLog';

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
        {canResume(account) && (
          <Stack gap="xs" data-testid="resume-subscription">
            <Text size="sm">
              Your subscription is cancelled. You keep {planName(account.plan)} until{' '}
              {formatLongDate(account.currentPeriodEnd)}; resume it to keep it after that, with nothing to pay
              until then.
            </Text>
            <Group>
              <Button
                component={Link}
                to="/subscribe"
                state={{ plan: account.plan, isAnnual: account.billingCycle === 'annual' }}
              >
                Resume subscription
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** The button that recovers from a failed upgrade payment, as `recovery` says. */
function PaymentRecoveryAction({
  confirmation,
  captureAgain,
}: {
  confirmation: Extract<Confirmation, { status: 'failed' }>;
  captureAgain: () => void;
}) {
  const { recovery, payment } = confirmation;
  if (!payment) return null;
  switch (recovery) {
    case 'checkout-again':
      return (
        <Button size="xs" variant="outline" onClick={() => window.location.assign(payment.approveUrl)}>
          Try again at PayPal
        </Button>
      );
    case 'capture-again':
      return (
        <Button size="xs" variant="outline" onClick={captureAgain}>
          Try again
        </Button>
      );
    case 'quote-again':
      return (
        <Button
          size="xs"
          variant="outline"
          component={Link}
          to="/subscribe"
          state={quoteAgainState(payment.plan, payment.billingCycle)}
        >
          See today&apos;s price
        </Button>
      );
    case 'none':
      return null;
  }
}

const NOTICE_COLOR = { done: 'green', info: 'blue', redirecting: 'green', failed: 'red' } as const;

function ConfirmationNotice({
  confirmation,
  captureAgain,
}: {
  confirmation: Confirmation;
  captureAgain: () => void;
}) {
  if (confirmation.status === 'none') return null;
  if (confirmation.status === 'confirming') return <LoadingState />;
  return (
    <Alert
      color={NOTICE_COLOR[confirmation.status]}
      variant="light"
      mb="lg"
      data-testid="plan-change-confirmation"
    >
      <Text size="sm">{confirmation.message}</Text>
      {confirmation.status === 'failed' && confirmation.payment && confirmation.recovery !== 'none' && (
        <Group mt="sm">
          <PaymentRecoveryAction confirmation={confirmation} captureAgain={captureAgain} />
        </Group>
      )}
    </Alert>
  );
}

/** /account: profile and subscription of the signed-in user. */
export function AccountPage() {
  const { state, retry, replace } = useAccount();
  const { confirmation, captureAgain } = usePlanChangeConfirmation(retry);
  return (
    <PageSection title="Account Settings" description="Your profile, plan and billing details.">
      <ConfirmationNotice confirmation={confirmation} captureAgain={captureAgain} />
      <AccountDetails state={state} retry={retry} />
      {state.status === 'ready' && <ProfileForm account={state.account} onSaved={replace} />}
      <PaymentHistory />
      <ChangeEmailForm />
      <ChangePasswordForm />
      <TwoFactorSettings />
      <NotificationSettings />
      <Sessions />
      <AuditLog />
      <ExportData />
      <DeleteAccount />
    </PageSection>
  );
}
