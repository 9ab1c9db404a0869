import { Alert, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ErrorCode, type PaymentReceipt } from '@fxrates/domain';
import {
  ErrorAlert,
  isApiError,
  LoadingState,
  usePageTitle,
  useApi,
  useRuntimeConfig,
} from '@fxrates/web-kit';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { billedTo, PAYMENT_TEXTS, PAYMENTS_API, paymentView } from '../account/payment-history';
import classes from './receipt.module.css';

type ReceiptState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed' }
  | { status: 'ready'; receipt: PaymentReceipt };

/**
 * /account/receipts/:id: the printable receipt of one payment, opened in a new tab from
 * the account page. A dashboard page rather than HTML from the API, because a link opened in a new tab
 * carries no Bearer token: the shell signs the tab in with its refresh cookie, as any page. Every
 * field is rendered by React as text, so a name like `<img onerror>` stays text. Its print stylesheet
 * hides the site's navigation; the Print button calls window.print (no inline script under our CSP).
 */
export function ReceiptPage() {
  usePageTitle(PAYMENT_TEXTS.receiptTitle);
  const { id = '' } = useParams();
  const { client } = useApi();
  const { productName, supportEmail } = useRuntimeConfig();
  const [state, setState] = useState<ReceiptState>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', receipt: await client.get<PaymentReceipt>(PAYMENTS_API.receipt(id)) });
    } catch (failure) {
      if (isApiError(failure) && failure.code === ErrorCode.PaymentNotFound)
        setState({ status: 'not-found' });
      else {
        console.error('Failed to load the receipt', failure);
        setState({ status: 'failed' });
      }
    }
  }, [client, id]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'not-found') {
    return (
      <Container size={720} py={40}>
        <Alert color="yellow" variant="light" role="status" data-testid="receipt-not-found">
          {PAYMENT_TEXTS.receiptNotFound}
        </Alert>
      </Container>
    );
  }
  if (state.status === 'failed') {
    return (
      <Container size={720} py={40}>
        <ErrorAlert message={PAYMENT_TEXTS.receiptLoadFailed} onRetry={() => void load()} />
      </Container>
    );
  }

  const { receipt } = state;
  const payment = paymentView(receipt);
  const lines: [string, string][] = [
    ['Receipt number', receipt.id],
    ['Date paid', payment.date],
    ['Plan', payment.plan],
    ['Description', payment.kind],
    ['Period', payment.period],
    ['Amount', payment.amount],
    ['Currency', receipt.currency],
    ['Payment method', PAYMENT_TEXTS.paymentMethod],
    ['PayPal transaction id', payment.transactionId],
    ['Status', payment.status],
  ];
  return (
    <Container size={720} py={{ base: 24, md: 48 }}>
      <Paper
        component="article"
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        className={classes.receipt}
        data-receipt
        data-testid="receipt"
        aria-labelledby="receipt-title"
      >
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Title order={1} fz={28} id="receipt-title">
                {PAYMENT_TEXTS.receiptTitle}
              </Title>
              <Text fw={700} data-testid="receipt-seller">
                {productName}
              </Text>
              <Text size="sm">{supportEmail}</Text>
            </Stack>
            <Text fw={700} fz="xl" data-testid="receipt-status">
              {payment.status}
            </Text>
          </Group>
          <Box>
            <Text size="sm" c="dimmed">
              Billed to
            </Text>
            {billedTo(receipt.customer).map((line) => (
              <Text key={line} data-testid="receipt-customer">
                {line}
              </Text>
            ))}
          </Box>
          <dl className={classes.lines} data-testid="receipt-lines">
            {lines.map(([label, value]) => (
              <Box key={label} display="contents">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </Box>
            ))}
          </dl>
          <Group className={classes.noPrint}>
            <Button onClick={() => window.print()}>{PAYMENT_TEXTS.print}</Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
