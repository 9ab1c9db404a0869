import { Logger, type Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { PayPalClient, PayPalPlanIds } from '@fxrates/paypal';

/** One PayPal client (and its token cache) per process, and our plan ids. */
export const PAYPAL_PROVIDERS: Provider[] = [
  {
    provide: PayPalClient,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => {
      const client = new PayPalClient(config.paypal);
      if (!client.configured) {
        new Logger('PayPal').warn(
          'PAYPAL_CLIENT_ID or PAYPAL_CLIENT_SECRET is not set: subscriptions are refused',
        );
      }
      return client;
    },
  },
  {
    provide: PayPalPlanIds,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => new PayPalPlanIds(config.paypal.planIds),
  },
];
