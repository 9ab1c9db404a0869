import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import type { PayPalEnvironment } from '@fxrates/domain';
import type { subscriptionOptions } from './subscription-checkout';

export interface PayPalSubscribeButtonProps {
  clientId: string;
  environment: PayPalEnvironment;
  /** What the button asks PayPal to create. */
  subscription: ReturnType<typeof subscriptionOptions>;
  onApprove: (subscriptionId: string) => Promise<void>;
  onError: (error: unknown) => void;
}

/** PayPal's subscription button: vertical, blue, rectangular; USD, intent subscription, vaulted. */
export function PayPalSubscribeButton({
  clientId,
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
      }}
    >
      <PayPalButtons
        style={{ layout: 'vertical', color: 'blue', shape: 'rect', label: 'subscribe' }}
        createSubscription={(_data, actions) => actions.subscription.create(subscription)}
        onApprove={async (data) => {
          await onApprove(data.subscriptionID ?? '');
        }}
        onError={onError}
      />
    </PayPalScriptProvider>
  );
}
