import { Alert, Group, Loader } from '@mantine/core';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { SUBSCRIBE_TEXTS } from '@fxrates/domain';
import { useEffect } from 'react';
import type { PayPalEnvironment } from '@fxrates/domain';
import type { subscriptionOptions } from './subscription-checkout';

export interface PayPalSubscribeButtonProps {
  clientId: string;
  /** Load the JS SDK from here instead of PayPal (the local stand-in); empty for PayPal's. */
  sdkUrl: string;
  environment: PayPalEnvironment;
  /** What the button asks PayPal to create. */
  subscription: ReturnType<typeof subscriptionOptions>;
  onApprove: (subscriptionId: string) => Promise<void>;
  onError: (error: unknown) => void;
}

/** PayPal's subscription button: vertical, blue, rectangular; USD, intent subscription, vaulted. */
export function PayPalSubscribeButton({
  clientId,
  sdkUrl,
  environment,
  subscription,
  onApprove,
  onError,
}: PayPalSubscribeButtonProps) {
  return (
    <PayPalScriptProvider
      options={{
        clientId,
        environment: environment === 'live' ? 'production' : 'sandbox',
        currency: 'USD',
        intent: 'subscription',
        vault: true,
        components: 'buttons',
        ...(sdkUrl ? { sdkBaseUrl: sdkUrl } : {}),
      }}
    >
      <ScriptState />
      <PayPalButtons
        style={{ layout: 'vertical', color: 'blue', shape: 'rect', label: 'subscribe' }}
        createSubscription={(_data, actions) => actions.subscription.create(subscription)}
        onApprove={async (data) => {
          if (data.subscriptionID) await onApprove(data.subscriptionID);
          else onError(new Error('PayPal approved no subscription'));
        }}
        onError={onError}
      />
    </PayPalScriptProvider>
  );
}

/** PayPal's script loading (a spinner) or failing to load (logged, and the spec's message). */
function ScriptState() {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  useEffect(() => {
    if (isRejected) console.error('The PayPal script failed to load');
  }, [isRejected]);
  if (isRejected) {
    return (
      <Alert color="red" variant="light" data-testid="paypal-load-error">
        {SUBSCRIBE_TEXTS.providerFailed}
      </Alert>
    );
  }
  return isPending ? (
    <Group justify="center" py="md">
      <Loader size="sm" role="status" aria-label="Loading PayPal" />
    </Group>
  ) : null;
}
