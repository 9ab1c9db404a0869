import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, checkWebhookUrl, type AppConfig, type WebhookUrlRefusal } from '@fxrates/config';
import {
  ApiKeysRepository,
  newWebhookSecret,
  User,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookSecretBox,
  WebhooksRepository,
} from '@fxrates/db';
import {
  ErrorCode,
  findCurrency,
  PLAN_IDS,
  PLANS,
  type CreatedWebhookEndpoint,
  type PlanId,
  type WebhookDeliveryPage,
  type WebhookDeliveryView,
  type WebhookEndpointList,
  type WebhookEndpointView,
  type WebhookEventEnvelope,
  type WebhookEventType,
} from '@fxrates/domain';
import { deliverWebhookJobOptions, JOBS, QUEUES, type QueueOf } from '@fxrates/queues';
import { randomUUID } from 'node:crypto';
import { AppException } from '../../common/errors';
import { decodeNewestFirstCursor, encodeNewestFirstCursor } from '../../common/input';
import { unauthorized } from '../auth';
import { toDeliveryView, toEndpointView } from './webhook-views';

/** What creation and a change may set (validated by the DTOs for shape). */
export interface WebhookEndpointInput {
  url?: string;
  description?: string;
  events?: WebhookEventType[];
  pairs?: string[];
  minChangePercent?: string;
  enabled?: boolean;
}

const URL_CODES: Record<WebhookUrlRefusal['code'], ErrorCode> = {
  'webhook-url-invalid': ErrorCode.WebhookUrlInvalid,
  'webhook-url-too-long': ErrorCode.WebhookUrlTooLong,
  'webhook-url-not-https': ErrorCode.WebhookUrlNotHttps,
  'webhook-url-credentials': ErrorCode.WebhookUrlCredentials,
  'webhook-url-private-address': ErrorCode.WebhookUrlPrivateAddress,
};

/** Every way an endpoint URL is refused (400), as both surfaces' create and change document them. */
export const WEBHOOK_URL_PROBLEMS = Object.values(URL_CODES);

export const endpointNotFound = () =>
  new AppException(
    ErrorCode.WebhookEndpointNotFound,
    'No webhook endpoint with this id belongs to your account.',
  );

export const deliveryNotFound = () =>
  new AppException(
    ErrorCode.WebhookDeliveryNotFound,
    'No delivery with this id belongs to this webhook endpoint.',
  );

/** The cheapest plan allowing more endpoints than `plan`, if any. */
function planRaising(plan: PlanId): PlanId | undefined {
  return PLAN_IDS.find((id) => PLANS[id].webhookEndpoints > PLANS[plan].webhookEndpoints);
}

/** "eur/usd" → "EUR/USD"; 400 for a pair whose codes are not in the catalogue. */
function normalisedPairs(pairs: readonly string[]): string[] {
  const normalised = pairs.map((pair) => {
    const [base, quote, ...rest] = pair.trim().toUpperCase().split('/');
    if (rest.length || !base || !quote || base === quote || !findCurrency(base) || !findCurrency(quote)) {
      throw new AppException(
        ErrorCode.ValidationFailed,
        `"${pair.slice(0, 25)}" is not a pair of the catalogue: give BASE/QUOTE codes such as "EUR/USD".`,
      );
    }
    return `${base}/${quote}`;
  });
  if (new Set(normalised).size !== normalised.length) {
    throw new AppException(ErrorCode.ValidationFailed, 'pairs lists each pair once.');
  }
  return normalised;
}

/**
 * Outgoing webhooks of an account, for the dashboard (`/api/webhooks`) and API keys with the
 * `webhooks` scope (`/api/v1/webhooks`): endpoints (the signing secret shown once, kept sealed),
 * a test event, the delivery log and replays. Management is never metered.
 */
@Injectable()
export class WebhooksService {
  private readonly box: WebhookSecretBox;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.webhooks) private readonly queue: QueueOf<'webhooks'>,
  ) {
    this.box = new WebhookSecretBox(config.keys.hashSecret);
  }

  async list(userId: string): Promise<WebhookEndpointList> {
    const em = this.em.fork();
    const [endpoints, plan] = await Promise.all([
      new WebhooksRepository(em).listOf(userId),
      this.planOf(em, userId),
    ]);
    return { endpoints: endpoints.map(toEndpointView), limit: PLANS[plan].webhookEndpoints };
  }

  async create(
    userId: string,
    input: WebhookEndpointInput & { url: string; events: WebhookEventType[] },
  ): Promise<CreatedWebhookEndpoint> {
    const url = this.checkedUrl(input.url);
    const pairs = normalisedPairs(input.pairs ?? []);
    return this.em.fork().transactional(async (tx) => {
      // Serialises creations for one account, so its plan's count cannot be overrun.
      if (!(await new ApiKeysRepository(tx).lockOwner(userId))) throw unauthorized();
      const plan = await this.planOf(tx, userId);
      const limit = PLANS[plan].webhookEndpoints;
      if ((await new WebhooksRepository(tx).countOf(userId)) >= limit) {
        const raising = planRaising(plan);
        throw new AppException(
          ErrorCode.WebhookEndpointLimitReached,
          `The ${PLANS[plan].name} plan allows ${limit} webhook endpoint${limit === 1 ? '' : 's'}, all in use. ` +
            (raising
              ? `Delete one, or upgrade to ${PLANS[raising].name} for ${PLANS[raising].webhookEndpoints}.`
              : 'Delete one before adding another.'),
          undefined,
          {},
          { limit: String(limit), plan, ...(raising ? { requiredPlan: raising } : {}) },
        );
      }
      const secret = newWebhookSecret();
      const endpoint = tx.create(WebhookEndpoint, {
        id: randomUUID(),
        userId,
        url,
        description: input.description ?? '',
        events: [...input.events],
        pairs,
        minChangePercent: input.minChangePercent ?? '0',
        secretSealed: '',
        status: 'active',
        disabledReason: null,
        disabledAt: null,
        failedDeliveriesInRow: 0,
        disabledNoticeEmailedAt: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      endpoint.secretSealed = this.box.seal(secret, endpoint.id);
      await tx.flush();
      return { endpoint: toEndpointView(endpoint), secret };
    });
  }

  async update(
    userId: string,
    id: string,
    input: WebhookEndpointInput,
  ): Promise<{ endpoint: WebhookEndpointView }> {
    const em = this.em.fork();
    const endpoint = await new WebhooksRepository(em).findOf(userId, id);
    if (!endpoint) throw endpointNotFound();
    if (input.url !== undefined) endpoint.url = this.checkedUrl(input.url);
    if (input.description !== undefined) endpoint.description = input.description;
    if (input.events !== undefined) endpoint.events = [...input.events];
    if (input.pairs !== undefined) endpoint.pairs = normalisedPairs(input.pairs);
    if (input.minChangePercent !== undefined) endpoint.minChangePercent = input.minChangePercent;
    if (input.enabled === false && endpoint.status === 'active') {
      endpoint.status = 'disabled';
      endpoint.disabledAt = new Date();
      endpoint.disabledReason = `Disabled by you on ${endpoint.disabledAt.toISOString()}`;
    } else if (input.enabled === true && endpoint.status === 'disabled') {
      endpoint.status = 'active';
      endpoint.disabledAt = null;
      endpoint.disabledReason = null;
      endpoint.failedDeliveriesInRow = 0;
    }
    endpoint.updatedAt = new Date();
    await em.flush();
    return { endpoint: toEndpointView(endpoint) };
  }

  async remove(userId: string, id: string): Promise<void> {
    const em = this.em.fork();
    const endpoint = await new WebhooksRepository(em).findOf(userId, id);
    if (!endpoint) throw endpointNotFound();
    // Its deliveries go with it (on delete cascade); their queued jobs then find nothing to send.
    em.remove(endpoint);
    await em.flush();
  }

  /** Sends a test event (free) of the endpoint's first event type, signed as any other. */
  async test(userId: string, id: string): Promise<{ delivery: WebhookDeliveryView }> {
    const em = this.em.fork();
    const endpoint = await new WebhooksRepository(em).findOf(userId, id);
    if (!endpoint) throw endpointNotFound();
    const event: WebhookEventEnvelope = {
      id: `evt_test_${randomUUID()}`,
      type: endpoint.events[0],
      createdAt: new Date().toISOString(),
      data: {
        test: true,
        message: `A test event from ${this.config.product.name}: your endpoint receives it.`,
      },
    };
    return { delivery: await this.queueDelivery(em, endpoint, event, null) };
  }

  async deliveries(userId: string, id: string, limit: number, cursor?: string): Promise<WebhookDeliveryPage> {
    const after = cursor === undefined ? undefined : decodeNewestFirstCursor(cursor);
    const em = this.em.fork();
    const webhooks = new WebhooksRepository(em);
    if (!(await webhooks.findOf(userId, id))) throw endpointNotFound();
    const page = await webhooks.deliveriesOf(id, limit, after);
    return {
      deliveries: page.deliveries.map(toDeliveryView),
      nextCursor: page.next ? encodeNewestFirstCursor(page.next) : null,
    };
  }

  /** Sends a delivery's event again (same event id, so the same `webhook-id`), as a new delivery: free. */
  async replay(userId: string, id: string, deliveryId: string): Promise<{ delivery: WebhookDeliveryView }> {
    const em = this.em.fork();
    const webhooks = new WebhooksRepository(em);
    const endpoint = await webhooks.findOf(userId, id);
    if (!endpoint) throw endpointNotFound();
    const original = await webhooks.findDeliveryOf(id, deliveryId);
    if (!original) throw deliveryNotFound();
    return { delivery: await this.queueDelivery(em, endpoint, original.payload, original.id) };
  }

  private async queueDelivery(
    em: EntityManager,
    endpoint: WebhookEndpoint,
    event: WebhookEventEnvelope,
    replayOf: string | null,
  ): Promise<WebhookDeliveryView> {
    const delivery = em.create(WebhookDelivery, {
      id: randomUUID(),
      endpointId: endpoint.id,
      userId: endpoint.userId,
      eventId: event.id,
      type: event.type,
      payload: event,
      status: 'pending',
      attempts: 0,
      createdAt: new Date(),
      replayOf,
      metered: false,
    });
    await em.flush();
    const retryDelaysMs = this.config.webhooks.retryDelaysMs;
    await this.queue.add(
      JOBS.deliverWebhook,
      { deliveryId: delivery.id, retryDelaysMs },
      deliverWebhookJobOptions(delivery.id, retryDelaysMs),
    );
    return toDeliveryView(delivery);
  }

  private checkedUrl(raw: string): string {
    const checked = checkWebhookUrl(raw, {
      allowInsecureLocalhost: this.config.webhooks.allowInsecureLocalhost,
    });
    if ('refusal' in checked) throw new AppException(URL_CODES[checked.refusal.code], checked.refusal.detail);
    return checked.url.href;
  }

  private async planOf(em: EntityManager, userId: string): Promise<PlanId> {
    const user = await em.findOne(User, { id: userId }, { fields: ['plan'] });
    if (!user) throw unauthorized();
    return user.plan;
  }
}
