export { WebhookEmitter, type WebhookAudience } from './webhook-emitter';
export { WebhooksProcessor } from './webhooks.processor';
export { WebhookDeliveries } from './webhook-deliveries';
export { WebhookDisabledMailer } from './webhook-disabled-mailer';
export { RatesWebhookEvents } from './rates-webhook-events';
