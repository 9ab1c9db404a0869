import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { payPalSdkStandInScript } from './sdk-stand-in-script';
import { StandInSales, type PayPalRefund, type PayPalSale } from './stand-in-sales';
import { CHECKOUT_PATH, StandInOrders } from './stand-in-orders';
import { startWebhookSigning, type SignedDelivery, type SignOverrides } from './webhook-signing';

export type { PayPalRefund, PayPalSale } from './stand-in-sales';
export type { StandInCapture, StandInOrder } from './stand-in-orders';
export type { SignedDelivery, SignOverrides } from './webhook-signing';

export type PayPalStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

/** A billing plan as it exists in the PayPal account the stand-in plays. */
export interface StandInPlan {
  interval: 'MONTH' | 'YEAR';
  /** Price per cycle, e.g. "167.88". */
  price: string;
}

/** A subscription in PayPal's wire format (GET /v1/billing/subscriptions/{id}), the fields we use. */
export interface PayPalSubscription {
  id: string;
  plan_id: string;
  status: PayPalStatus;
  status_update_time: string;
  start_time: string;
  create_time: string;
  update_time: string;
  quantity: string;
  custom_id?: string;
  plan_overridden: boolean;
  /** The plan as this subscription overrides it; shown only when asked for (`?fields=plan`). */
  plan?: PlanOverride;
  subscriber: { email_address: string; payer_id: string; name: { given_name: string; surname: string } };
  billing_info?: {
    outstanding_balance: { currency_code: string; value: string };
    cycle_executions: object[];
    last_payment?: { amount: { currency_code: string; value: string }; time: string };
    next_billing_time?: string;
    failed_payments_count: number;
  };
  links: { href: string; rel: string; method: string }[];
}

/**
 * What PayPal's create-subscription body may put in `plan` to override the plan for this one
 * subscription, e.g. its price (`billing_cycles[].pricing_scheme.fixed_price`).
 */
export interface PlanOverride {
  billing_cycles?: {
    sequence: number;
    total_cycles?: number;
    pricing_scheme?: { fixed_price?: { currency_code: string; value: string } };
  }[];
}

export interface NewSubscription {
  plan_id: string;
  custom_id?: string;
  status?: PayPalStatus;
  /** PayPal's flag alone, for a subscription overridden in some way other than its price. */
  plan_overridden?: boolean;
  /** The buyer's override of our plan, as the JS SDK's `actions.subscription.create` accepts it. */
  plan?: PlanOverride;
  /** When billing starts (PayPal's start_time); a later one is ACTIVE with its first payment then. */
  start_time?: string;
  /** An APPROVED subscription turns ACTIVE after this many reads (PayPal activates asynchronously). */
  activateAfterReads?: number;
}

export interface PayPalStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** What the buyer's approval in the PayPal button leaves behind. */
  createSubscription(fields: NewSubscription): PayPalSubscription;
  subscription(id: string): PayPalSubscription | undefined;
  /**
   * The buyer approves the subscription's latest revision (POST .../revise) at PayPal's approve
   * link, as a browser does on the stand-in's approval page: its plan_id becomes the revised plan.
   */
  approveRevision(id: string): void;
  /** Revisions of the subscription asked for and not yet approved, oldest first. */
  pendingRevisions(id: string): { planId: string; returnUrl?: string; cancelUrl?: string }[];
  /** A status change made at PayPal (by the buyer, PayPal's dunning, or the end of the term). */
  setStatus(id: string, status: PayPalStatus): void;
  /** A recurring payment went through: last payment now, next billing one cycle later. */
  renew(id: string): void;
  /** The subscription's payments (sales), oldest first. */
  sales(id: string): PayPalSale[];
  /** The merchant refunds a payment (the latest completed one unless named); the subscription stays ACTIVE. */
  refund(id: string, saleId?: string): PayPalRefund;
  /** A payment (the latest completed one unless named) is reversed by a chargeback. */
  reverse(id: string, saleId?: string): PayPalSale;
  /** One-time payments (Orders v2): the buyer's approval, declines, what was captured. */
  orders: StandInOrders;
  /** The PayPal account of the buyer the stand-in plays: it approves subscriptions and orders. */
  buyerPayerId: string;
  /** Every request received, as "METHOD /path". */
  requests: string[];
  /** Access tokens issued so far. */
  tokensIssued(): number;
  /** Revokes every issued token, as an expiry or a credential rotation at PayPal would. */
  revokeTokens(): void;
  /** While true, every call answers 503 as PayPal does during an outage. */
  down: boolean;
  /** While true, reads of a subscription wait (a caller is caught mid-request) until released. */
  holdSubscriptionReads: boolean;
  /** Reads waiting now. */
  heldReads(): number;
  /** Lets every waiting read answer and stops holding new ones. */
  releaseSubscriptionReads(): void;
  /** While true, certificate fetches (GET /v1/notifications/certs/…) wait until released. */
  holdCertificateFetches: boolean;
  /** Certificate fetches open now (waiting or answering), and the most open at once so far. */
  certificateFetchesOpen(): number;
  certificateFetchesPeak(): number;
  /** Lets every waiting certificate fetch answer and stops holding new ones. */
  releaseCertificateFetches(): void;
  /** The webhook id this PayPal account delivers under. */
  webhookId: string;
  /** PAYPAL-CERT-URL of deliveries signed now: the stand-in's certificate, served on its own host. */
  certUrl: string;
  /** PayPal renews its signing certificate: a new key, served at a new URL (the old one still answers). */
  rotateCertificate(): Promise<void>;
  /**
   * A webhook event about a subscription as it is now, in PayPal's envelope. PAYMENT.SALE.* events
   * carry its latest payment (REVERSED: its latest reversed one), PAYMENT.SALE.REFUNDED its latest refund.
   */
  event(eventType: string, subscriptionId: string): PayPalWebhookEvent;
  /** The body and PAYPAL-* headers PayPal would deliver for an event, signed with the stand-in's key. */
  sign(event: PayPalWebhookEvent, overrides?: SignOverrides): SignedDelivery;
  close(): Promise<void>;
}

export interface PayPalWebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version?: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: { href: string; rel: string; method: string }[];
}

export interface PayPalStandInOptions {
  clientId?: string;
  clientSecret?: string;
  /** Our plans at PayPal by plan id. */
  plans: Record<string, StandInPlan>;
  /** expires_in of issued tokens, seconds (PayPal: about 9 hours). */
  tokenLifetimeSeconds?: number;
  webhookId?: string;
  /** Where POST /__stand-in/webhooks delivers signed events (our API's webhook URL). */
  webhookTarget?: string;
  /** Listen on this port (default: any free one). */
  port?: number;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

function json(response: ServerResponse, status: number, body?: object): void {
  if (body === undefined) {
    response.writeHead(status).end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const debugId = () => randomBytes(7).toString('hex');
const upperId = (length: number) =>
  Array.from(randomBytes(length), (byte) => 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'[byte % 33]).join('');

function addInterval(from: Date, interval: StandInPlan['interval']): Date {
  const next = new Date(from);
  if (interval === 'YEAR') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * PayPal's REST API on loopback, in its real wire format: client-credentials OAuth
 * (POST /v1/oauth2/token), show subscription (with `?fields=plan`, its plan override) and cancel
 * subscription, show sale. For tests and local development.
 */
/** What an event sent through POST /__stand-in/webhooks does to the subscription first. */
const EVENT_EFFECTS: Record<string, PayPalStatus | 'renew' | 'refund' | 'reverse' | undefined> = {
  'BILLING.SUBSCRIPTION.ACTIVATED': 'ACTIVE',
  'BILLING.SUBSCRIPTION.RE-ACTIVATED': 'ACTIVE',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'SUSPENDED',
  'BILLING.SUBSCRIPTION.CANCELLED': 'CANCELLED',
  'BILLING.SUBSCRIPTION.UPDATED': undefined,
  'BILLING.SUBSCRIPTION.EXPIRED': 'EXPIRED',
  'PAYMENT.SALE.COMPLETED': 'renew',
  'PAYMENT.SALE.REFUNDED': 'refund',
  'PAYMENT.SALE.REVERSED': 'reverse',
};

/** Where the approve link of a revision leads, as on PayPal's site. */
const APPROVAL_PATH = '/webapps/billing/subscriptions/update';

/** A revision asked for with POST .../revise, waiting for the buyer at the approve link. */
interface PendingRevision {
  token: string;
  subscriptionId: string;
  planId: string;
  plan?: PlanOverride;
  returnUrl?: string;
  cancelUrl?: string;
}

function unprocessable(issue: string, description: string): object {
  return {
    name: 'UNPROCESSABLE_ENTITY',
    message:
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
    debug_id: debugId(),
    details: [{ issue, description }],
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The buyer's side of an approve link: what changes, Agree or Cancel. */
function approvalPage(revision: PendingRevision, plan: StandInPlan | undefined): string {
  const price = plan ? `${plan.price} USD per ${plan.interval.toLowerCase()}` : 'its price';
  const token = escapeHtml(revision.token);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal stand-in: approve the change</title></head>
<body><main><h1>Change your subscription</h1>
<p>Subscription ${escapeHtml(revision.subscriptionId)} moves to plan ${escapeHtml(revision.planId)} (${escapeHtml(price)}) from its next billing date.</p>
<form method="post"><input type="hidden" name="ba_token" value="${token}">
<button type="submit" name="decision" value="approve">Agree &amp; Continue</button>
<button type="submit" name="decision" value="cancel">Cancel and return</button></form></main></body></html>`;
}

/** What a subscription charges per cycle: its own override's price, else its plan's. */
function priceOf(override: PlanOverride | undefined, plan: StandInPlan | undefined): string {
  const cycle = override?.billing_cycles?.find((each) => each.pricing_scheme?.fixed_price);
  return cycle?.pricing_scheme?.fixed_price?.value ?? plan?.price ?? '0.0';
}

export async function startPayPalStandIn(options: PayPalStandInOptions): Promise<PayPalStandIn> {
  const clientId = options.clientId ?? `stand-in-client-${upperId(6)}`;
  const clientSecret = options.clientSecret ?? `stand-in-secret-${randomBytes(12).toString('hex')}`;
  const lifetime = options.tokenLifetimeSeconds ?? 32_400;
  const tokens = new Map<string, number>();
  const subscriptions = new Map<string, PayPalSubscription>();
  const activateAfter = new Map<string, number>();
  const sales = new StandInSales(() => baseUrl);
  const overrides = new Map<string, PlanOverride>();
  const revisions = new Map<string, PendingRevision>();
  const buyerPayerId = upperId(13);
  const orders = new StandInOrders(() => baseUrl, buyerPayerId);
  let issued = 0;
  let baseUrl = '';
  const webhookId = options.webhookId ?? upperId(17);
  const signing = await startWebhookSigning(() => baseUrl);

  const activate = (subscription: PayPalSubscription, now: Date) => {
    const plan = options.plans[subscription.plan_id];
    const sale = sales.collect(subscription.id, priceOf(overrides.get(subscription.id), plan));
    subscription.status = 'ACTIVE';
    subscription.status_update_time = now.toISOString();
    subscription.update_time = now.toISOString();
    subscription.billing_info = {
      outstanding_balance: { currency_code: 'USD', value: '0.0' },
      cycle_executions: [
        {
          tenure_type: 'REGULAR',
          sequence: 1,
          cycles_completed: 1,
          cycles_remaining: 0,
          current_pricing_scheme_version: 1,
          total_cycles: 0,
        },
      ],
      last_payment: {
        amount: { currency_code: 'USD', value: sale.amount.total },
        time: sale.create_time,
      },
      next_billing_time: addInterval(now, plan?.interval ?? 'MONTH').toISOString(),
      failed_payments_count: 0,
    };
  };

  /** The buyer approved a revision: the subscription is on the new plan (overrides are not carried over). */
  const applyRevision = (revision: PendingRevision) => {
    const subscription = subscriptions.get(revision.subscriptionId)!;
    const now = new Date().toISOString();
    subscription.plan_id = revision.planId;
    if (revision.plan) overrides.set(subscription.id, structuredClone(revision.plan));
    else overrides.delete(subscription.id);
    subscription.plan_overridden = revision.plan !== undefined;
    subscription.update_time = now;
    revisions.delete(revision.token);
  };
  const revisionsOf = (id: string) => [...revisions.values()].filter((each) => each.subscriptionId === id);

  const held: (() => void)[] = [];
  const heldCertificateFetches: (() => void)[] = [];
  const certificateFetches = { open: 0, peak: 0 };
  const standIn: PayPalStandIn = {
    url: '',
    clientId,
    clientSecret,
    requests: [],
    orders,
    buyerPayerId,
    down: false,
    holdSubscriptionReads: false,
    heldReads: () => held.length,
    releaseSubscriptionReads: () => {
      standIn.holdSubscriptionReads = false;
      held.splice(0).forEach((resume) => resume());
    },
    holdCertificateFetches: false,
    certificateFetchesOpen: () => certificateFetches.open,
    certificateFetchesPeak: () => certificateFetches.peak,
    releaseCertificateFetches: () => {
      standIn.holdCertificateFetches = false;
      heldCertificateFetches.splice(0).forEach((resume) => resume());
    },
    tokensIssued: () => issued,
    revokeTokens: () => tokens.clear(),
    subscription: (id) => subscriptions.get(id),
    approveRevision(id) {
      const latest = revisionsOf(id).at(-1);
      if (!latest) throw new Error(`No revision of ${id} to approve`);
      applyRevision(latest);
    },
    pendingRevisions: (id) =>
      revisionsOf(id).map(({ planId, returnUrl, cancelUrl }) => ({ planId, returnUrl, cancelUrl })),
    setStatus(id, status) {
      const subscription = subscriptions.get(id)!;
      const now = new Date().toISOString();
      Object.assign(subscription, { status, status_update_time: now, update_time: now });
      if (status === 'CANCELLED' || status === 'EXPIRED') delete subscription.billing_info?.next_billing_time;
    },
    renew(id) {
      const subscription = subscriptions.get(id)!;
      const due = new Date(subscription.billing_info?.next_billing_time ?? Date.now());
      activate(subscription, new Date());
      const interval = options.plans[subscription.plan_id]?.interval ?? 'MONTH';
      subscription.billing_info!.next_billing_time = addInterval(due, interval).toISOString();
    },
    sales: (id) => sales.of(id),
    refund(id, saleId) {
      const sale = saleId ? sales.get(saleId) : sales.latest(id, 'completed');
      if (!sale || sale.billing_agreement_id !== id) throw new Error(`No payment of ${id} to refund`);
      return sales.refund(sale);
    },
    reverse(id, saleId) {
      const sale = saleId ? sales.get(saleId) : sales.latest(id, 'completed');
      if (!sale || sale.billing_agreement_id !== id) throw new Error(`No payment of ${id} to reverse`);
      return sales.reverse(sale);
    },
    webhookId,
    get certUrl() {
      return signing.certUrl();
    },
    rotateCertificate: () => signing.rotateCertificate(),
    event(eventType, subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
      const refunded = eventType === 'PAYMENT.SALE.REFUNDED';
      const payment = eventType.startsWith('PAYMENT.SALE.');
      const resource = refunded
        ? sales.latestRefund(subscriptionId)
        : payment
          ? sales.latest(subscriptionId, eventType === 'PAYMENT.SALE.REVERSED' ? 'reversed' : undefined)
          : subscription;
      if (!resource) throw new Error(`Subscription ${subscriptionId} has no payment for ${eventType}`);
      return {
        id: `WH-${upperId(17)}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: refunded ? 'refund' : payment ? 'sale' : 'subscription',
        ...(payment ? {} : { resource_version: '2.0' }),
        event_type: eventType,
        summary: `${eventType} for ${subscription.id}`,
        resource: structuredClone(resource) as unknown as Record<string, unknown>,
        links: [],
      };
    },
    sign: (event, overrides = {}) => signing.sign(event, webhookId, overrides),
    createSubscription(fields) {
      const now = new Date();
      const id = `I-${upperId(12)}`;
      const subscription: PayPalSubscription = {
        id,
        plan_id: fields.plan_id,
        status: 'APPROVED',
        status_update_time: now.toISOString(),
        start_time: now.toISOString(),
        create_time: now.toISOString(),
        update_time: now.toISOString(),
        quantity: '1',
        ...(fields.custom_id === undefined ? {} : { custom_id: fields.custom_id }),
        plan_overridden: fields.plan_overridden ?? fields.plan !== undefined,
        subscriber: {
          email_address: 'buyer@example.com',
          payer_id: buyerPayerId,
          name: { given_name: 'Ada', surname: 'Buyer' },
        },
        links: [{ href: `${baseUrl}/v1/billing/subscriptions/${id}`, rel: 'self', method: 'GET' }],
      };
      if (fields.plan) overrides.set(id, structuredClone(fields.plan));
      const status = fields.status ?? 'ACTIVE';
      const starts = fields.start_time ? new Date(fields.start_time) : now;
      if (status === 'ACTIVE' && starts > now) {
        // Nothing is billed before start_time: the first payment is due then.
        subscription.status = 'ACTIVE';
        subscription.start_time = starts.toISOString();
        subscription.billing_info = {
          outstanding_balance: { currency_code: 'USD', value: '0.0' },
          cycle_executions: [],
          next_billing_time: starts.toISOString(),
          failed_payments_count: 0,
        };
      } else if (status === 'ACTIVE') activate(subscription, now);
      else subscription.status = status;
      if (fields.activateAfterReads !== undefined) activateAfter.set(id, fields.activateAfterReads);
      subscriptions.set(id, subscription);
      return subscription;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const authorised = (request: IncomingMessage): boolean => {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const expiresAt = match ? tokens.get(match[1]) : undefined;
    return expiresAt !== undefined && expiresAt > Date.now();
  };

  /** Signs an event about a subscription as it is now and POSTs it to the webhook target. */
  const deliverWebhook = async (body: string): Promise<[number, object]> => {
    const { event_type: eventType, subscription_id: subscriptionId } = JSON.parse(body || '{}') as {
      event_type?: string;
      subscription_id?: string;
    };
    if (!options.webhookTarget) return [409, { message: 'started without a webhook target' }];
    if (!eventType || !subscriptionId || !subscriptions.has(subscriptionId)) {
      return [400, { message: 'need event_type and the id of a subscription this stand-in holds' }];
    }
    // PayPal changes the subscription before it announces the change; the API re-reads it.
    const effect = EVENT_EFFECTS[eventType];
    let event: PayPalWebhookEvent;
    try {
      if (effect === 'renew') standIn.renew(subscriptionId);
      else if (effect === 'refund') standIn.refund(subscriptionId);
      else if (effect === 'reverse') standIn.reverse(subscriptionId);
      else if (effect) standIn.setStatus(subscriptionId, effect);
      event = standIn.event(eventType, subscriptionId);
    } catch (error) {
      return [409, { message: (error as Error).message }];
    }
    const delivery = standIn.sign(event);
    const answer = await fetch(options.webhookTarget, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    return [200, { event_id: event.id, delivered_to: options.webhookTarget, status: answer.status }];
  };

  /** POST /v1/billing/subscriptions/{id}/revise: a revision waiting for the buyer's approval. */
  const revise = (subscription: PayPalSubscription, body: string): [number, object] => {
    const asked = JSON.parse(body || '{}') as {
      plan_id?: string;
      plan?: PlanOverride;
      application_context?: { return_url?: string; cancel_url?: string };
    };
    if (subscription.status !== 'ACTIVE') {
      return [
        422,
        unprocessable(
          'SUBSCRIPTION_STATUS_INVALID',
          'Invalid subscription status for revise action; subscription status should be active.',
        ),
      ];
    }
    if (!asked.plan_id || !options.plans[asked.plan_id]) {
      return [422, unprocessable('INVALID_PLAN', 'The plan is not active or does not exist.')];
    }
    const token = `BA-${upperId(17)}`;
    revisions.set(token, {
      token,
      subscriptionId: subscription.id,
      planId: asked.plan_id,
      ...(asked.plan ? { plan: asked.plan } : {}),
      returnUrl: asked.application_context?.return_url,
      cancelUrl: asked.application_context?.cancel_url,
    });
    const self = `${baseUrl}/v1/billing/subscriptions/${subscription.id}`;
    return [
      200,
      {
        plan_id: asked.plan_id,
        plan_overridden: asked.plan !== undefined,
        links: [
          { href: `${baseUrl}${APPROVAL_PATH}?ba_token=${token}`, rel: 'approve', method: 'GET' },
          { href: self, rel: 'edit', method: 'PATCH' },
          { href: self, rel: 'self', method: 'GET' },
          { href: `${self}/cancel`, rel: 'cancel', method: 'POST' },
        ],
      },
    ];
  };

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = (request.url ?? '').split('?')[0];
    standIn.requests.push(`${request.method} ${path}`);
    if (
      standIn.holdSubscriptionReads &&
      request.method === 'GET' &&
      path.startsWith('/v1/billing/subscriptions/')
    ) {
      await new Promise<void>((resume) => held.push(resume));
    }
    if (request.method === 'GET' && path.startsWith('/v1/notifications/certs/')) {
      certificateFetches.open += 1;
      certificateFetches.peak = Math.max(certificateFetches.peak, certificateFetches.open);
      response.once('close', () => (certificateFetches.open -= 1));
      if (standIn.holdCertificateFetches) {
        await new Promise<void>((resume) => heldCertificateFetches.push(resume));
      }
    }
    // Not PayPal's: the stand-in's own routes for local development (see stand-in/main.ts).
    if (path.startsWith('/__stand-in/') || path === '/sdk/js') {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', 'content-type');
      if (request.method === 'OPTIONS') return json(response, 204);
    }
    if (request.method === 'GET' && path === '/sdk/js') {
      const query = (request.url ?? '').slice(path.length);
      response.writeHead(200, { 'content-type': 'application/javascript' });
      response.end(payPalSdkStandInScript(`${baseUrl}/__stand-in/subscriptions`, query));
      return;
    }
    // Not PayPal's: the buyer's card is declined at the next capture (browser tests of a decline).
    if (request.method === 'POST' && path === '/__stand-in/orders/decline-next') {
      orders.declineNext += 1;
      return json(response, 204);
    }
    if (request.method === 'POST' && path === '/__stand-in/webhooks') {
      return json(response, ...(await deliverWebhook(body)));
    }

    // PayPal's page where the buyer approves a revision (the approve link of POST .../revise).
    if (path === APPROVAL_PATH && (request.method === 'GET' || request.method === 'POST')) {
      const form = new URLSearchParams(
        request.method === 'GET' ? (request.url ?? '').slice(path.length) : body,
      );
      const revision = revisions.get(form.get('ba_token') ?? '');
      if (!revision) {
        response
          .writeHead(404, { 'content-type': 'text/html' })
          .end('<p>This approval link has expired.</p>');
        return;
      }
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(approvalPage(revision, options.plans[revision.planId]));
        return;
      }
      const approved = form.get('decision') === 'approve';
      if (approved) applyRevision(revision);
      const back = new URL((approved ? revision.returnUrl : revision.cancelUrl) ?? 'about:blank');
      back.searchParams.set('subscription_id', revision.subscriptionId);
      back.searchParams.set('ba_token', revision.token);
      response.writeHead(302, { location: back.toString() }).end();
      return;
    }

    // PayPal's checkout page where the buyer pays an order (its payer-action link).
    if (path === CHECKOUT_PATH && (request.method === 'GET' || request.method === 'POST')) {
      const form = new URLSearchParams(
        request.method === 'GET' ? (request.url ?? '').slice(path.length) : body,
      );
      const token = form.get('token') ?? '';
      if (request.method === 'GET') {
        const page = orders.checkoutPage(token);
        response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
        response.end(page ?? '<p>This payment link has expired.</p>');
        return;
      }
      const back = orders.decide(token, form.get('decision') === 'approve');
      if (!back) return json(response, 404, { name: 'RESOURCE_NOT_FOUND', debug_id: debugId() });
      response.writeHead(302, { location: back }).end();
      return;
    }

    if (standIn.down) {
      return json(response, 503, {
        name: 'SERVICE_UNAVAILABLE',
        message: 'Service Unavailable.',
        debug_id: debugId(),
      });
    }

    // Not PayPal's: lets a browser test's SDK stand-in create what the buyer's approval would.
    if (request.method === 'POST' && path === '/__stand-in/subscriptions') {
      const {
        plan_id: planId,
        custom_id: customId,
        plan,
        start_time: startTime,
      } = JSON.parse(body) as NewSubscription;
      return json(
        response,
        201,
        standIn.createSubscription({ plan_id: planId, custom_id: customId, plan, start_time: startTime }),
      );
    }

    if (request.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== expected) {
        return json(response, 401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        });
      }
      if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
        return json(response, 400, {
          error: 'unsupported_grant_type',
          error_description: 'Grant Type is NULL',
        });
      }
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.set(token, Date.now() + lifetime * 1000);
      issued += 1;
      return json(response, 200, {
        scope: 'https://uri.paypal.com/services/subscriptions',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: lifetime,
        nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
      });
    }

    const signed = signing.answer(request.method ?? '', path, body, authorised(request));
    if (signed) {
      const [status, answer, type] = signed;
      if (typeof answer === 'object') return json(response, status, answer);
      return void response.writeHead(status, { 'content-type': type ?? 'text/plain' }).end(answer);
    }

    const orderMatch = /^\/v2\/checkout\/orders(?:\/([^/]+)(\/capture)?)?$/.exec(path);
    if (orderMatch) {
      if (!authorised(request)) {
        return json(response, 401, {
          error: 'invalid_token',
          error_description: 'Token signature verification failed',
        });
      }
      const requestId = request.headers['paypal-request-id'] as string | undefined;
      const [, orderId, capture] = orderMatch;
      if (!orderId && request.method === 'POST') return json(response, ...orders.create(body, requestId));
      if (orderId && capture && request.method === 'POST') {
        return json(response, ...orders.capture(decodeURIComponent(orderId), requestId));
      }
      if (orderId && !capture && request.method === 'GET')
        return json(response, ...orders.show(decodeURIComponent(orderId)));
    }

    const captureMatch = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path);
    if (captureMatch && request.method === 'GET') {
      if (!authorised(request)) {
        return json(response, 401, {
          error: 'invalid_token',
          error_description: 'Token signature verification failed',
        });
      }
      return json(response, ...orders.showCapture(decodeURIComponent(captureMatch[1])));
    }

    const saleMatch = /^\/v1\/payments\/sale\/([^/]+)$/.exec(path);
    if (saleMatch && request.method === 'GET') {
      if (!authorised(request)) {
        return json(response, 401, {
          error: 'invalid_token',
          error_description: 'Token signature verification failed',
        });
      }
      const sale = sales.get(decodeURIComponent(saleMatch[1]));
      if (sale) return json(response, 200, sale);
      return json(response, 404, {
        name: 'INVALID_RESOURCE_ID',
        message: 'Requested resource ID was not found.',
        information_link: 'https://developer.paypal.com/docs/api/payments/v1/#error-INVALID_RESOURCE_ID',
        debug_id: debugId(),
      });
    }

    const match = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel|\/revise)?$/.exec(path);
    if (!match) {
      return json(response, 404, { name: 'NOT_FOUND', message: 'Not Found', debug_id: debugId() });
    }
    if (!authorised(request)) {
      return json(response, 401, {
        error: 'invalid_token',
        error_description: 'Token signature verification failed',
      });
    }
    const subscription = subscriptions.get(decodeURIComponent(match[1]));
    if (!subscription) {
      return json(response, 404, {
        name: 'RESOURCE_NOT_FOUND',
        message: 'The specified resource does not exist.',
        debug_id: debugId(),
        details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Invalid subscription id.' }],
      });
    }

    if (request.method === 'GET' && !match[2]) {
      const remaining = activateAfter.get(subscription.id);
      if (remaining !== undefined && subscription.status === 'APPROVED') {
        if (remaining <= 0) activate(subscription, new Date());
        else activateAfter.set(subscription.id, remaining - 1);
      }
      const fields = new URLSearchParams((request.url ?? '').slice(path.length)).get('fields') ?? '';
      const override = overrides.get(subscription.id);
      const shown =
        fields.split(',').includes('plan') && override ? { ...subscription, plan: override } : subscription;
      return json(response, 200, shown);
    }
    if (request.method === 'POST' && match[2] === '/revise') {
      return json(response, ...revise(subscription, body));
    }
    if (request.method === 'POST' && match[2]) {
      if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED') {
        return json(response, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          message:
            'The requested action could not be performed, semantically incorrect, or failed business validation.',
          debug_id: debugId(),
          details: [
            {
              issue: 'SUBSCRIPTION_STATUS_INVALID',
              description:
                'Invalid subscription status for cancel action; subscription status should be active or suspended.',
            },
          ],
        });
      }
      standIn.setStatus(subscription.id, 'CANCELLED');
      return json(response, 204);
    }
    return json(response, 405, {
      name: 'METHOD_NOT_SUPPORTED',
      message: 'Method not supported',
      debug_id: debugId(),
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  standIn.url = baseUrl;
  return standIn;
}
