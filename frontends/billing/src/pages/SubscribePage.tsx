import { Alert, Card, Group, Loader, Stack } from '@mantine/core';
import { PLANS, SUBSCRIBE_TEXTS, type CreateSubscriptionResponse } from '@fxrates/domain';
import {
  ErrorAlert,
  LoadingState,
  PageSection,
  errorMessage,
  findQuote,
  paidTimeLeft,
  readPlanSelection,
  useAccount,
  useApi,
  useAuth,
  usePlanQuotes,
  useRuntimeConfig,
} from '@fxrates/web-kit';
import { useReauthentication } from '@fxrates/web-kit/second-factor';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PayPalSubscribeButton } from '../subscribe/PayPalSubscribeButton';
import { PlanChangePanel } from '../subscribe/PlanChangePanel';
import { deferredStartText, subscribedState } from '../subscribe/plan-quote-texts';
import { SummaryRow } from '../subscribe/QuoteSummary';
import {
  checkoutOf,
  paypalPlanIdOf,
  subscriptionOptions,
  subscriptionRecord,
} from '../subscribe/subscription-checkout';
import { useBillingPlans } from '../subscribe/use-billing-plans';

const QUOTE_FAILED = 'We could not load what this plan costs you today. Please try again.';

/**
 * /subscribe: the chosen plan, its price and PayPal's subscription button. A
 * subscriber changes plan instead (PlanChangePanel); a cancelled subscription with paid time left
 * buys a subscription that starts when that time ends, nothing to pay today. What is due today and
 * from when is shown before anything is approved at PayPal.
 */
export function SubscribePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { client } = useApi();
  // An old sign-in is asked to confirm it's you before the subscription is recorded (403 reauthentication-required).
  const reauthentication = useReauthentication();
  const { user } = useAuth();
  const { paypalSdkUrl } = useRuntimeConfig();
  const plans = useBillingPlans();
  const { state: account } = useAccount();
  // A subscriber changes their subscription's plan; a second subscription would be refused.
  const subscriber =
    account.status === 'ready' && account.account.plan !== 'free' && account.account.status === 'active'
      ? account.account
      : null;
  // Still on a paid plan: a change of plan, or paid time left whose end the new subscription waits for.
  const needsQuote = account.status === 'ready' && account.account.plan !== 'free';
  const { state: quotes, retry: retryQuotes } = usePlanQuotes(needsQuote);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checkout = checkoutOf(readPlanSelection(location.state));
  const planName = PLANS[checkout.plan].name;
  const quote =
    needsQuote && quotes.status === 'ready'
      ? findQuote(quotes.data, checkout.plan, checkout.cycle)
      : undefined;
  const startTime = needsQuote && quotes.status === 'ready' && !subscriber ? paidTimeLeft(quotes.data) : null;
  const quoteKnown = !needsQuote || quote !== undefined;

  const approve = async (paypalSubscriptionId: string) => {
    setError(null);
    if (!user) {
      setError(SUBSCRIBE_TEXTS.userNotAuthenticated);
      return;
    }
    setProcessing(true);
    try {
      const response = await reauthentication.run(() =>
        client.post<CreateSubscriptionResponse>(
          '/v1/subscriptions',
          subscriptionRecord(checkout, user.uid, paypalSubscriptionId),
        ),
      );
      if (!response?.success) throw new Error(SUBSCRIBE_TEXTS.creationFailed);
      void navigate('/dashboard', { state: subscribedState(checkout.plan, startTime) });
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
      {reauthentication.dialog}
      <Card withBorder radius="md" padding="lg" maw={520}>
        <Stack gap="md">
          <SummaryRow label="Selected plan" value={planName} testId="subscribe-plan" />
          <SummaryRow label="Amount" value={`$${checkout.amount} USD`} testId="subscribe-amount" />
          <SummaryRow
            label="Billing cycle"
            value={checkout.cycle === 'annual' ? 'Annual' : 'Monthly'}
            testId="subscribe-cycle"
          />
          {!subscriber && quoteKnown && (
            <SummaryRow
              label="Due today"
              value={startTime ? '$0.00' : `$${checkout.amount}`}
              testId="subscribe-today"
            />
          )}
          {startTime && quote && account.status === 'ready' && (
            <Alert color="blue" variant="light" data-testid="subscribe-deferred-start">
              {deferredStartText(account.account.plan, startTime, quote)}
            </Alert>
          )}
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
          {(account.status === 'loading' || (needsQuote && quotes.status === 'loading')) && <LoadingState />}
          {needsQuote && quotes.status !== 'loading' && !quote && (
            <ErrorAlert message={QUOTE_FAILED} onRetry={retryQuotes} data-testid="subscribe-quote-error" />
          )}
          {subscriber && quote && <PlanChangePanel account={subscriber} checkout={checkout} quote={quote} />}
          {account.status !== 'loading' &&
            !subscriber &&
            quoteKnown &&
            purchasable &&
            paypalPlanId &&
            user && (
              <div data-testid="paypal-button-area">
                {processing ? (
                  <Group justify="center" py="md">
                    <Loader role="status" aria-label="Processing your subscription" />
                  </Group>
                ) : (
                  <PayPalSubscribeButton
                    clientId={plans.plans.paypalClientId}
                    sdkUrl={paypalSdkUrl}
                    environment={plans.plans.environment}
                    subscription={subscriptionOptions(
                      paypalPlanId,
                      user.uid,
                      window.location.origin,
                      startTime,
                    )}
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
