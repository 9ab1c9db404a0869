/**
 * Outgoing webhooks: an account's endpoints, test events, delivery log and replays, for the
 * dashboard (`/api/webhooks`) and API keys with the `webhooks` scope (`/api/v1/webhooks`). The
 * worker fans events out and delivers them (services/worker/src/webhooks).
 */
export { WebhooksModule } from './webhooks.module';
export { WebhooksService } from './webhooks.service';
