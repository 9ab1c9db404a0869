import { Logger, type Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { PayPalClient } from './paypal-client';
import { PayPalPlanIds } from './paypal-plan-ids';
import { PayPalWebhookCertificates } from './webhook-certificates';

/**
 * One PayPal client (and its token cache) per process, our plan ids, and PayPal's webhook signing
 * certificates (fetched once each, cached), for the API and the worker.
 */
export const PAYPAL_PROVIDERS: Provider[] = [
  {
    provide: PayPalClient,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => {
      const client = new PayPalClient(config.paypal);
      if (!client.configured) {
        new Logger('PayPal').warn(
          'PAYPAL_CLIENT_ID or PAYPAL_CLIENT_SECRET is not set: PayPal billing is off',
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
  {
    provide: PayPalWebhookCertificates,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) =>
      new PayPalWebhookCertificates({
        apiBaseUrl: config.paypal.apiBaseUrl,
        timeoutMs: config.paypal.certTimeoutMs,
      }),
  },
];
