import { Anchor, Button, Table, Text } from '@mantine/core';
import type { AccountPaymentPage } from '@fxrates/domain';
import { ErrorAlert, LoadingState, useApi } from '@fxrates/web-kit';
import { useCallback, useEffect, useState } from 'react';
import classes from '../stacked-table.module.css';
import { PAYMENT_TEXTS, PAYMENTS_API, paymentView, receiptPath, type PaymentView } from './payment-history';
import { SettingsSection } from './SettingsSection';

type HistoryState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; payments: PaymentView[]; next: string | null };

/**
 * "Payments" on the account page: every payment PayPal took, newest first, each with a
 * link to its printable receipt in a new tab (a table; stacked cards on a phone).
 */
export function PaymentHistory() {
  const { client } = useApi();
  const [state, setState] = useState<HistoryState>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);

  const load = useCallback(
    async (cursor: string | null, before: PaymentView[]) => {
      try {
        const page = await client.get<AccountPaymentPage>(PAYMENTS_API.list(cursor));
        setState({ status: 'ready', payments: [...before, ...page.data.map(paymentView)], next: page.next });
      } catch (failure) {
        console.error('Failed to load the payments', failure);
        setState({ status: 'failed' });
      }
    },
    [client],
  );

  useEffect(() => {
    void load(null, []);
  }, [load]);

  const more = async (next: string, before: PaymentView[]) => {
    setLoadingMore(true);
    await load(next, before);
    setLoadingMore(false);
  };

  return (
    <SettingsSection title={PAYMENT_TEXTS.sectionTitle} data-testid="payment-history">
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'failed' && (
        <ErrorAlert message={PAYMENT_TEXTS.loadFailed} onRetry={() => void load(null, [])} />
      )}
      {state.status === 'ready' && state.payments.length === 0 && (
        <Text c="dimmed" data-testid="payments-empty">
          {PAYMENT_TEXTS.empty}
        </Text>
      )}
      {state.status === 'ready' && state.payments.length > 0 && (
        <Table verticalSpacing="sm" className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Plan</Table.Th>
              <Table.Th>Period</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>PayPal transaction</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th aria-label="Receipt" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.payments.map((payment) => (
              <Table.Tr key={payment.id} data-testid="payment-row">
                <Table.Td data-label="Date">{payment.date}</Table.Td>
                <Table.Td data-label="Plan">
                  {payment.plan}
                  <Text size="xs" c="dimmed">
                    {payment.kind}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Period">{payment.period}</Table.Td>
                <Table.Td data-label="Amount" ta="right" fw={500}>
                  {payment.amount}
                </Table.Td>
                <Table.Td data-label="PayPal transaction">{payment.transactionId}</Table.Td>
                <Table.Td data-label="Status">{payment.status}</Table.Td>
                <Table.Td>
                  <Anchor
                    href={receiptPath(payment.id)}
                    target="_blank"
                    rel="noopener"
                    data-testid="receipt-link"
                  >
                    {PAYMENT_TEXTS.receipt}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {state.status === 'ready' && state.next && (
        <Button
          variant="default"
          loading={loadingMore}
          onClick={() => void more(state.next!, state.payments)}
          style={{ alignSelf: 'flex-start' }}
        >
          {PAYMENT_TEXTS.more}
        </Button>
      )}
    </SettingsSection>
  );
}
