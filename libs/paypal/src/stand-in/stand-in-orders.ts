import { randomBytes } from 'node:crypto';

/** An order in PayPal's wire format (Orders v2), the fields our API sends and reads. */
export interface StandInOrder {
  id: string;
  intent: 'CAPTURE';
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  create_time: string;
  update_time: string;
  payer?: { payer_id: string; email_address: string; name: { given_name: string; surname: string } };
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: StandInCapture[] };
  }[];
  links: { href: string; rel: string; method: string }[];
}

export interface StandInCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'REVERSED';
  amount: { currency_code: string; value: string };
  final_capture: boolean;
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
}

/** Where an order's payer-action link leads, as PayPal's checkout page. */
export const CHECKOUT_PATH = '/checkoutnow';

type Answer = [number, object];

interface Experience {
  return_url?: string;
  cancel_url?: string;
}

const upperId = (length: number) =>
  Array.from(randomBytes(length), (byte) => 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'[byte % 33]).join('');

const issue = (status: number, name: string, code: string, description: string): Answer => [
  status,
  {
    name,
    message:
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
    debug_id: randomBytes(7).toString('hex'),
    details: [{ issue: code, description }],
  },
];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * PayPal's Orders v2 on the stand-in: create (PayPal-Request-Id makes a retry the same order; an
 * invoice id is taken once), show, the buyer's approval at the payer-action link, and capture
 * (idempotent per PayPal-Request-Id; INSTRUMENT_DECLINED while `declineCaptures` is set).
 */
export class StandInOrders {
  private readonly orders = new Map<string, StandInOrder>();
  private readonly experiences = new Map<string, Experience>();
  private readonly byRequestId = new Map<string, string>();
  private readonly captureAnswers = new Map<string, Answer>();
  private readonly invoices = new Set<string>();
  /** While true, captures are declined as PayPal declines a buyer's card (INSTRUMENT_DECLINED). */
  declineCaptures = false;
  /** Captures still to decline, one each, before captures go through again. */
  declineNext = 0;
  /** Captures asked for, declined or not. */
  captureCalls = 0;

  constructor(
    private readonly baseUrl: () => string,
    /** Who approves when a test names nobody: the buyer who holds the subscriptions too. */
    private readonly defaultPayerId: string,
  ) {}

  get(id: string): StandInOrder | undefined {
    return this.orders.get(id);
  }

  all(): StandInOrder[] {
    return [...this.orders.values()];
  }

  /** The buyer approves at PayPal, paying from the account `payerId` (the stand-in's buyer unless named). */
  approve(id: string, payerId = this.defaultPayerId): StandInOrder {
    const order = this.orders.get(id);
    if (!order) throw new Error(`No order ${id}`);
    order.status = 'APPROVED';
    order.payer = {
      payer_id: payerId,
      email_address: 'buyer@example.com',
      name: { given_name: 'Ada', surname: 'Buyer' },
    };
    order.update_time = new Date().toISOString();
    return order;
  }

  create(body: string, requestId: string | undefined): Answer {
    const known = requestId ? this.byRequestId.get(requestId) : undefined;
    if (known) return [200, this.orders.get(known)!];
    const asked = JSON.parse(body || '{}') as {
      intent?: string;
      purchase_units?: StandInOrder['purchase_units'];
      payment_source?: { paypal?: { experience_context?: Experience } };
    };
    const unit = asked.purchase_units?.[0];
    if (asked.intent !== 'CAPTURE' || asked.purchase_units?.length !== 1 || !unit?.amount) {
      return issue(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
    }
    if (!/^\d+\.\d{2}$/.test(unit.amount.value) || unit.amount.currency_code !== 'USD') {
      return issue(
        422,
        'UNPROCESSABLE_ENTITY',
        'DECIMAL_PRECISION',
        'The value of the field should not be more than two decimals.',
      );
    }
    if (unit.invoice_id && this.invoices.has(unit.invoice_id)) {
      return issue(422, 'UNPROCESSABLE_ENTITY', 'DUPLICATE_INVOICE_ID', 'Duplicate Invoice ID detected.');
    }
    if (unit.invoice_id) this.invoices.add(unit.invoice_id);
    const id = upperId(17);
    const now = new Date().toISOString();
    const self = `${this.baseUrl()}/v2/checkout/orders/${id}`;
    const order: StandInOrder = {
      id,
      intent: 'CAPTURE',
      status: 'PAYER_ACTION_REQUIRED',
      create_time: now,
      update_time: now,
      purchase_units: [structuredClone(unit)],
      links: [
        { href: self, rel: 'self', method: 'GET' },
        { href: `${this.baseUrl()}${CHECKOUT_PATH}?token=${id}`, rel: 'payer-action', method: 'GET' },
      ],
    };
    this.orders.set(id, order);
    this.experiences.set(id, asked.payment_source?.paypal?.experience_context ?? {});
    if (requestId) this.byRequestId.set(requestId, id);
    return [200, order];
  }

  show(id: string): Answer {
    const order = this.orders.get(id);
    if (!order)
      return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    return [200, order];
  }

  capture(id: string, requestId?: string): Answer {
    this.captureCalls += 1;
    const replay = requestId ? this.captureAnswers.get(`${id}|${requestId}`) : undefined;
    if (replay) return replay;
    const order = this.orders.get(id);
    if (!order)
      return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    if (order.status === 'COMPLETED') {
      return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
    }
    if (order.status !== 'APPROVED') {
      return issue(
        422,
        'UNPROCESSABLE_ENTITY',
        'ORDER_NOT_APPROVED',
        'Payer has not yet approved the Order for payment.',
      );
    }
    if (this.declineCaptures || this.declineNext > 0) {
      this.declineNext = Math.max(0, this.declineNext - 1);
      return issue(
        422,
        'UNPROCESSABLE_ENTITY',
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const now = new Date().toISOString();
    const unit = order.purchase_units[0];
    unit.payments = {
      captures: [
        {
          id: upperId(17),
          status: 'COMPLETED',
          amount: structuredClone(unit.amount),
          final_capture: true,
          ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
          ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
          create_time: now,
          update_time: now,
        },
      ],
    };
    order.status = 'COMPLETED';
    order.update_time = now;
    const answer: Answer = [201, structuredClone(order)];
    if (requestId) this.captureAnswers.set(`${id}|${requestId}`, answer);
    return answer;
  }

  /** A capture by its id, as GET /v2/payments/captures/{id} shows it. */
  findCapture(id: string): StandInCapture | undefined {
    for (const order of this.orders.values()) {
      const found = order.purchase_units[0].payments?.captures.find((capture) => capture.id === id);
      if (found) return found;
    }
    return undefined;
  }

  showCapture(id: string): Answer {
    const capture = this.findCapture(id);
    if (!capture)
      return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    return [200, capture];
  }

  /** The merchant refunds a capture in full, or the buyer's bank reverses it (a chargeback). */
  takeBack(captureId: string, how: 'REFUNDED' | 'REVERSED'): StandInCapture {
    const capture = this.findCapture(captureId);
    if (!capture) throw new Error(`No capture ${captureId}`);
    capture.status = how;
    capture.update_time = new Date().toISOString();
    return capture;
  }

  /**
   * A PAYMENT.CAPTURE.* event in PayPal's envelope: REFUNDED carries the refund (linked `up` to its
   * capture), every other one the capture itself.
   */
  captureEvent(
    eventType: string,
    captureId: string,
  ): {
    id: string;
    event_version: string;
    create_time: string;
    resource_type: string;
    resource_version: string;
    event_type: string;
    summary: string;
    resource: Record<string, unknown>;
    links: { href: string; rel: string; method: string }[];
  } {
    const capture = this.findCapture(captureId);
    if (!capture) throw new Error(`No capture ${captureId}`);
    const captureUrl = `${this.baseUrl()}/v2/payments/captures/${capture.id}`;
    const refunded = eventType === 'PAYMENT.CAPTURE.REFUNDED';
    const resource = refunded
      ? {
          id: upperId(17),
          status: 'COMPLETED',
          amount: capture.amount,
          create_time: new Date().toISOString(),
          links: [{ href: captureUrl, rel: 'up', method: 'GET' }],
        }
      : { ...structuredClone(capture), links: [{ href: captureUrl, rel: 'self', method: 'GET' }] };
    return {
      id: `WH-${upperId(17)}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: refunded ? 'refund' : 'capture',
      resource_version: '2.0',
      event_type: eventType,
      summary: `${eventType} for capture ${capture.id}`,
      resource,
      links: [],
    };
  }

  /** The buyer's side of the payer-action link: the amount, Pay Now or Cancel. */
  checkoutPage(id: string): string | undefined {
    const order = this.orders.get(id);
    if (!order) return undefined;
    const { amount, description } = order.purchase_units[0];
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal stand-in: pay</title></head>
<body><main><h1>Pay ${escapeHtml(amount.value)} ${escapeHtml(amount.currency_code)}</h1>
<p>${escapeHtml(description ?? '')}</p>
<form method="post"><input type="hidden" name="token" value="${escapeHtml(id)}">
<button type="submit" name="decision" value="approve">Pay Now</button>
<button type="submit" name="decision" value="cancel">Cancel and return</button></form></main></body></html>`;
  }

  /** The buyer's choice on the checkout page: where PayPal sends them back (token = the order id). */
  decide(id: string, approved: boolean, payerId?: string): string | undefined {
    const order = this.orders.get(id);
    if (!order) return undefined;
    if (approved) this.approve(id, payerId);
    const experience = this.experiences.get(id) ?? {};
    const back = new URL((approved ? experience.return_url : experience.cancel_url) ?? 'about:blank');
    back.searchParams.set('token', id);
    if (approved) back.searchParams.set('PayerID', order.payer!.payer_id);
    return back.toString();
  }
}
