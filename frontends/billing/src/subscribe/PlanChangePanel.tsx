import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { AccountResponse, PlanChangeRequest, PlanChangeStarted, PlanQuote } from '@fxrates/domain';
import {
  errorMessage,
  formatMoney,
  paymentReturnUrls,
  rememberUpgradePayment,
  revisionReturnUrls,
  useApi,
} from '@fxrates/web-kit';
import { useReauthentication } from '@fxrates/web-kit/second-factor';
import { useState } from 'react';
import { planChangeButtonLabel, planChangeSummary, quoteRows } from './plan-quote-texts';
import { QuoteSummary } from './QuoteSummary';
import type { Checkout } from './subscription-checkout';

/** The upgrade's payment as PayPal will ask for it, when it differs from the price shown before. */
interface RepricedPayment {
  amount: string;
  approveUrl: string;
}

/**
 * A subscriber changes the plan of their subscription rather than buying a second one. The quote
 * (what is due today, when the plan applies, what PayPal bills from when) is shown before anything is
 * approved. An upgrade is a one-time payment at PayPal's checkout (back to /account?plan-change=paid,
 * which has the server capture it); anything else a revision of the subscription approved at PayPal
 * (back to /account?plan-change=approved).
 */
export function PlanChangePanel({
  account,
  checkout,
  quote,
}: {
  account: AccountResponse;
  checkout: Checkout;
  quote: PlanQuote;
}) {
  const { client } = useApi();
  // An old sign-in is asked to confirm it's you first (the API's 403 reauthentication-required).
  const reauthentication = useReauthentication();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [repriced, setRepriced] = useState<RepricedPayment | null>(null);
  const upgradeNow = quote.timing === 'now';

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const origin = window.location.origin;
      const request: PlanChangeRequest = {
        plan: checkout.plan,
        billingCycle: checkout.cycle,
        ...(upgradeNow ? paymentReturnUrls(origin) : revisionReturnUrls(origin)),
      };
      const started = await reauthentication.run(() =>
        client.post<PlanChangeStarted>('/v1/subscriptions/change', request),
      );
      if (started.payment) {
        rememberUpgradePayment({
          paymentId: started.payment.id,
          approveUrl: started.approveUrl,
          plan: checkout.plan,
          billingCycle: checkout.cycle,
        });
        // Time passed since the quote: the buyer sees the amount PayPal will ask for before going there.
        if (started.payment.amount !== quote.chargeToday) {
          setRepriced({
            amount: formatMoney(started.payment.amount, started.payment.currency),
            approveUrl: started.approveUrl,
          });
          setBusy(false);
          return;
        }
      }
      window.location.assign(started.approveUrl);
    } catch (failure) {
      console.error('Failed to start the plan change', failure);
      setError(errorMessage(failure, 'The plan could not be changed. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm" data-testid="plan-change">
      {reauthentication.dialog}
      <Text size="sm">{planChangeSummary(account, quote)}</Text>
      {quote.timing !== null && <QuoteSummary rows={quoteRows(quote)} testIdPrefix="plan-change" />}
      {error && (
        <Alert color="red" variant="light" data-testid="plan-change-error">
          {error}
        </Alert>
      )}
      {repriced ? (
        <Alert color="yellow" variant="light" data-testid="plan-change-repriced">
          <Text size="sm">
            Today&apos;s amount is now {repriced.amount}: less of your paid period is left than when this page
            opened.
          </Text>
          <Group mt="sm">
            <Button onClick={() => window.location.assign(repriced.approveUrl)}>
              Pay {repriced.amount} with PayPal
            </Button>
          </Group>
        </Alert>
      ) : (
        quote.timing !== null && (
          <Button loading={busy} onClick={() => void start()}>
            {planChangeButtonLabel(quote)}
          </Button>
        )
      )}
    </Stack>
  );
}
