import { newWebhookSecret, WebhookEndpoint, WebhookSecretBox } from '@fxrates/db';
import type { WebhookEventType } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import type { GivenDatabase } from './database';

export interface GivenWebhookEndpointOptions {
  /** Stored as given: a URL the API would refuse reaches the worker's send-time checks. */
  url: string;
  /** Every event type unless given. */
  events?: WebhookEventType[];
  pairs?: string[];
  minChangePercent?: string;
  status?: 'active' | 'disabled';
}

export interface GivenWebhookEndpoint {
  id: string;
  userId: string;
  url: string;
  /** The signing secret (`whsec_…`), as creation would have shown it. */
  secret: string;
}

/** A webhook endpoint of `user` as the API stores one (its secret sealed), with no URL check. */
export async function givenWebhookEndpoint(
  db: GivenDatabase,
  user: { id: string },
  options: GivenWebhookEndpointOptions,
): Promise<GivenWebhookEndpoint> {
  const id = randomUUID();
  const secret = newWebhookSecret();
  const em = db.em.fork();
  em.create(WebhookEndpoint, {
    id,
    userId: user.id,
    url: options.url,
    description: '',
    events: options.events ?? ['rates.published', 'rate.changed', 'alert.triggered', 'quota.threshold'],
    pairs: options.pairs ?? [],
    minChangePercent: options.minChangePercent ?? '0',
    secretSealed: new WebhookSecretBox(db.config.keys.hashSecret).seal(secret, id),
    status: options.status ?? 'active',
    disabledReason: null,
    disabledAt: null,
    failedDeliveriesInRow: 0,
    disabledNoticeEmailedAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await em.flush();
  return { id, userId: user.id, url: options.url, secret };
}
