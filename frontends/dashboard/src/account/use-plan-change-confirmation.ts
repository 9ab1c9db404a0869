import type { CreateSubscriptionResponse } from '@fxrates/domain';
import { errorMessage, useApi } from '@fxrates/web-kit';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { confirmationMessage, isApprovalReturn } from './plan-change-return';

export type Confirmation =
  | { status: 'none' }
  | { status: 'confirming' }
  | { status: 'done'; message: string }
  | { status: 'failed'; message: string };

/**
 * Back from PayPal's approval page: asks the server to confirm the change (it reads what PayPal made
 * of the subscription), then drops the marker from the address and reloads the account (`onDone`).
 */
export function usePlanChangeConfirmation(onDone: () => void): Confirmation {
  const { client } = useApi();
  const location = useLocation();
  const navigate = useNavigate();
  const returning = isApprovalReturn(location.search);
  const [confirmation, setConfirmation] = useState<Confirmation>({
    status: returning ? 'confirming' : 'none',
  });
  const asked = useRef(false);

  useEffect(() => {
    if (!returning || asked.current) return;
    asked.current = true;
    client
      .post<CreateSubscriptionResponse>('/v1/subscriptions/change/confirm')
      .then(
        (answer) => setConfirmation({ status: 'done', message: confirmationMessage(answer.subscription) }),
        (error: unknown) => {
          console.error('Could not confirm the plan change', error);
          setConfirmation({
            status: 'failed',
            message: errorMessage(error, 'Your plan change could not be confirmed. Please reload the page.'),
          });
        },
      )
      .finally(() => {
        void navigate('/account', { replace: true });
        onDone();
      });
  }, [client, navigate, onDone, returning]);

  return confirmation;
}
