import { Alert, Button, Stack, Text } from '@mantine/core';
import { PLANS, planChangeDirection, type AccountResponse, type PlanChangeStarted } from '@fxrates/domain';
import { errorMessage, useApi } from '@fxrates/web-kit';
import { useState } from 'react';
import type { Checkout } from './subscription-checkout';

const cycleName = (cycle: string) => (cycle === 'annual' ? 'Annual' : 'Monthly');
const longDate = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(
        new Date(iso),
      )
    : 'the end of your billing period';

/** What choosing `checkout` on the current subscription does, in the words the page shows. */
export function planChangeSummary(account: AccountResponse, checkout: Checkout): string {
  const from = `${PLANS[account.plan].name} (${cycleName(account.billingCycle)})`;
  const to = `${PLANS[checkout.plan].name} (${cycleName(checkout.cycle)})`;
  switch (planChangeDirection({ plan: account.plan, cycle: account.billingCycle }, checkout)) {
    case 'same':
      return `${to} is your current plan.`;
    case 'upgrade':
      return `You are on ${from}. Upgrading to ${to} applies as soon as PayPal confirms the change; PayPal bills the new price from your next billing date.`;
    case 'downgrade':
      return `You are on ${from}. Downgrading to ${to} takes effect on ${longDate(account.currentPeriodEnd)}, the end of the period you already paid for; until then you keep ${PLANS[account.plan].name}.`;
  }
}

/**
 * A subscriber changes the plan of their subscription rather than buying a second one: PayPal revises
 * it once they approve on PayPal's page, which sends them back to /account to confirm.
 */
export function PlanChangePanel({ account, checkout }: { account: AccountResponse; checkout: Checkout }) {
  const { client } = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const same = planChangeDirection({ plan: account.plan, cycle: account.billingCycle }, checkout) === 'same';

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const origin = window.location.origin;
      const started = await client.post<PlanChangeStarted>('/v1/subscriptions/change', {
        plan: checkout.plan,
        billingCycle: checkout.cycle,
        returnUrl: `${origin}/account?plan-change=approved`,
        cancelUrl: `${origin}/account`,
      });
      window.location.assign(started.approveUrl);
    } catch (failure) {
      console.error('Failed to start the plan change', failure);
      setError(errorMessage(failure, 'The plan could not be changed. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm" data-testid="plan-change">
      <Text size="sm">{planChangeSummary(account, checkout)}</Text>
      {error && (
        <Alert color="red" variant="light" data-testid="plan-change-error">
          {error}
        </Alert>
      )}
      {!same && (
        <Button loading={busy} onClick={() => void start()}>
          Continue to PayPal
        </Button>
      )}
    </Stack>
  );
}
