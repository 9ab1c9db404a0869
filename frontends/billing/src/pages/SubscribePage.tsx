import { Alert, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { PLANS, SUBSCRIBE_TEXTS, type CreateSubscriptionResponse } from '@fxrates/domain';
import {
  ErrorAlert,
  LoadingState,
  PageSection,
  errorMessage,
  readPlanSelection,
  useAccount,
  useApi,
  useAuth,
  useRuntimeConfig,
} from '@fxrates/web-kit';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PayPalSubscribeButton } from '../subscribe/PayPalSubscribeButton';
import { PlanChangePanel } from '../subscribe/PlanChangePanel';
import {
  checkoutOf,
  paypalPlanIdOf,
  subscriptionOptions,
  subscriptionRecord,
} from '../subscribe/subscription-checkout';
import { useBillingPlans } from '../subscribe/use-billing-plans';

function Summary({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between">
      <Text c="dimmed">{label}</Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** /subscribe (spec §2 Subscribe): the chosen plan, its price and PayPal's subscription button. */
export function SubscribePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { client } = useApi();
  const { user } = useAuth();
  const { paypalSdkUrl } = useRuntimeConfig();
  const plans = useBillingPlans();
  const { state: account } = useAccount();
  // A subscriber changes their subscription's plan; a second subscription would be refused.
  const subscriber =
    account.status === 'ready' && account.account.plan !== 'free' && account.account.status === 'active'
      ? account.account
      : null;
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checkout = checkoutOf(readPlanSelection(location.state));
  const planName = PLANS[checkout.plan].name;

  const approve = async (paypalSubscriptionId: string) => {
    setError(null);
    if (!user) {
      setError(SUBSCRIBE_TEXTS.userNotAuthenticated);
      return;
    }
    setProcessing(true);
    try {
      const response = await client.post<CreateSubscriptionResponse>(
        '/v1/subscriptions',
        subscriptionRecord(checkout, user.uid, paypalSubscriptionId),
      );
      if (!response?.success) throw new Error(SUBSCRIBE_TEXTS.creationFailed);
      void navigate('/dashboard', { state: { subscriptionSuccess: true, plan: checkout.plan } });
    } catch (failure) {
      console.error('Subscription failed', failure);
      setError(
        failure instanceof Error && failure.message === SUBSCRIBE_TEXTS.creationFailed
          ? failure.message
          : errorMessage(failure, SUBSCRIBE_TEXTS.processingFailed),
      );
      setProcessing(false);
    }
  };

  const paypalPlanId = plans.status === 'ready' ? paypalPlanIdOf(plans.plans, checkout) : null;
  const purchasable = plans.status === 'ready' && Boolean(paypalPlanId && plans.plans.paypalClientId);

  return (
    <PageSection
      title={SUBSCRIBE_TEXTS.title}
      size="sm"
      description="Review your plan and confirm your payment."
    >
      <Card withBorder radius="md" padding="lg" maw={520}>
        <Stack gap="md">
          <Summary label="Selected plan" value={planName} testId="subscribe-plan" />
          <Summary label="Amount" value={`$${checkout.amount} USD`} testId="subscribe-amount" />
          <Summary
            label="Billing cycle"
            value={checkout.cycle === 'annual' ? 'Annual' : 'Monthly'}
            testId="subscribe-cycle"
          />
          {error && (
            <Alert color="red" variant="light" data-testid="subscribe-error">
              {error}
            </Alert>
          )}
          {plans.status === 'loading' && <LoadingState />}
          {plans.status === 'failed' && <ErrorAlert message={SUBSCRIBE_TEXTS.providerFailed} />}
          {plans.status === 'ready' && !purchasable && (
            <ErrorAlert message={SUBSCRIBE_TEXTS.providerFailed} />
          )}
          {account.status === 'loading' && <LoadingState />}
          {subscriber && <PlanChangePanel account={subscriber} checkout={checkout} />}
          {account.status !== 'loading' && !subscriber && purchasable && paypalPlanId && user && (
            <div data-testid="paypal-button-area">
              {processing ? (
                <Group justify="center" py="md">
                  <Loader aria-label="Processing your subscription" />
                </Group>
              ) : (
                <PayPalSubscribeButton
                  clientId={plans.plans.paypalClientId}
                  sdkUrl={paypalSdkUrl}
                  environment={plans.plans.environment}
                  subscription={subscriptionOptions(paypalPlanId, user.uid, window.location.origin)}
                  onApprove={approve}
                  onError={(failure) => {
                    console.error('PayPal button error', failure);
                    setError(SUBSCRIBE_TEXTS.providerFailed);
                  }}
                />
              )}
            </div>
          )}
        </Stack>
      </Card>
    </PageSection>
  );
}
