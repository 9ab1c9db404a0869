import type { CreateSubscriptionResponse, PlanChangePayRequest, SubscriptionView } from '@fxrates/domain';
import {
  errorMessage,
  forgetUpgradePayment,
  isApiError,
  planChangeReturnOf,
  recallUpgradePayment,
  revisionReturnUrls,
  useApi,
  type PendingUpgradePayment,
} from '@fxrates/web-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  confirmationMessage,
  PAYMENT_RETURN_TEXTS,
  paymentCapturedMessage,
  paymentRecovery,
  type PaymentRecovery,
} from './plan-change-return';

export type Confirmation =
  | { status: 'none' }
  | { status: 'confirming' }
  | { status: 'done'; message: string }
  | { status: 'info'; message: string }
  /** The upgrade's payment was captured: on the way to PayPal to approve the new recurring price. */
  | { status: 'redirecting'; message: string }
  | {
      status: 'failed';
      message: string;
      recovery: PaymentRecovery;
      /** The payment the recovery is about (upgrade payments only). */
      payment?: PendingUpgradePayment;
    };

/** Answer of POST /api/v1/subscriptions/change/pay. */
interface PaymentCaptured {
  success: true;
  subscription: SubscriptionView;
  approveUrl: string;
}

/**
 * Back from PayPal on /account (`?plan-change=…`):
 * - `approved`: a revised subscription was approved; the server confirms it (reads it from PayPal).
 * - `paid`: an upgrade's one-time payment was approved; the server captures and verifies it, the
 *   upgrade applies, and the buyer goes on to PayPal to approve the new recurring price.
 * - `payment-cancelled`: the buyer left PayPal's checkout; nothing was charged.
 * The marker is then dropped from the address and the account reloaded (`onDone`). `captureAgain`
 * asks the server once more to capture a payment PayPal could not be reached for.
 */
export function usePlanChangeConfirmation(onDone: () => void): {
  confirmation: Confirmation;
  captureAgain: () => void;
} {
  const { client } = useApi();
  const location = useLocation();
  const navigate = useNavigate();
  const returning = planChangeReturnOf(location.search);
  const [confirmation, setConfirmation] = useState<Confirmation>({
    status: returning ? 'confirming' : 'none',
  });
  const asked = useRef(false);

  const finish = useCallback(() => {
    void navigate('/account', { replace: true });
    onDone();
  }, [navigate, onDone]);

  const capture = useCallback(
    (payment: PendingUpgradePayment) => {
      setConfirmation({ status: 'confirming' });
      const request: PlanChangePayRequest = {
        paymentId: payment.paymentId,
        ...revisionReturnUrls(window.location.origin),
      };
      client.post<PaymentCaptured>('/v1/subscriptions/change/pay', request).then(
        (answer) => {
          forgetUpgradePayment();
          setConfirmation({ status: 'redirecting', message: paymentCapturedMessage(answer.subscription) });
          window.location.assign(answer.approveUrl);
        },
        (error: unknown) => {
          console.error('Could not take the upgrade payment', error);
          const recovery = isApiError(error) ? paymentRecovery(error.code, error.status) : 'capture-again';
          if (recovery === 'none' || recovery === 'quote-again') forgetUpgradePayment();
          setConfirmation({
            status: 'failed',
            message: errorMessage(error, PAYMENT_RETURN_TEXTS.failed),
            recovery,
            payment,
          });
          finish();
        },
      );
    },
    [client, finish],
  );

  useEffect(() => {
    if (!returning || asked.current) return;
    asked.current = true;
    if (returning === 'payment-cancelled') {
      forgetUpgradePayment();
      setConfirmation({ status: 'info', message: PAYMENT_RETURN_TEXTS.cancelled });
      finish();
      return;
    }
    if (returning === 'paid') {
      const payment = recallUpgradePayment();
      if (payment) capture(payment);
      else {
        setConfirmation({ status: 'failed', message: PAYMENT_RETURN_TEXTS.unknownPayment, recovery: 'none' });
        finish();
      }
      return;
    }
    client
      .post<CreateSubscriptionResponse>('/v1/subscriptions/change/confirm')
      .then(
        (answer) => setConfirmation({ status: 'done', message: confirmationMessage(answer.subscription) }),
        (error: unknown) => {
          console.error('Could not confirm the plan change', error);
          setConfirmation({
            status: 'failed',
            message: errorMessage(error, 'Your plan change could not be confirmed. Please reload the page.'),
            recovery: 'none',
          });
        },
      )
      .finally(finish);
  }, [capture, client, finish, returning]);

  const captureAgain = useCallback(() => {
    if (confirmation.status === 'failed' && confirmation.payment) capture(confirmation.payment);
  }, [capture, confirmation]);

  return { confirmation, captureAgain };
}
