import { BILLING_CURRENCY } from '@fxrates/domain';
import { AnswerFieldError, expectField, expectId, expectValue, optionalObject } from './paypal-answer-checks';
import { minorUnitsOf } from './subscription-judgement';

/** PayPal's order statuses (Orders v2): the buyer approves, then the merchant captures. */
export type PayPalOrderStatus =
  'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

/** The fields of an order (GET /v2/checkout/orders/{id}, or a capture's answer) that we act on. */
export interface PayPalOrder {
  id: string;
  status: string;
  payerId: string | null;
  /** The one purchase unit we create: our reference, what it asks for, and its captures. */
  customId: string | null;
  amountMinor: number | null;
  currency: string | null;
  captures: PayPalCapture[];
}

export interface PayPalCapture {
  id: string;
  /** COMPLETED, PENDING, DECLINED, REFUNDED, PARTIALLY_REFUNDED, FAILED. */
  status: string;
  amountMinor: number | null;
  currency: string | null;
  customId: string | null;
  createTime: string | null;
}

/** What we ask PayPal to take once: the amount, our reference, and where to send the buyer. */
export interface OrderRequest {
  reference: string;
  amountMinor: number;
  description: string;
  returnUrl: string;
  cancelUrl: string;
}

/** A capture's outcome: the order as captured, or why PayPal took nothing. */
export type CaptureOutcome =
  | { captured: true; order: PayPalOrder }
  | { captured: false; reason: 'declined' | 'not-approved' | 'already-captured' | 'unknown-order' };

const money = (record: Record<string, unknown>, at: string) => {
  const amount = optionalObject(record, 'amount', at);
  if (!amount) return { amountMinor: null, currency: null };
  expectField(amount, 'value', 'string', { at: `${at}amount.` });
  expectField(amount, 'currency_code', 'string', { at: `${at}amount.` });
  return { amountMinor: minorUnitsOf(amount.value as string), currency: amount.currency_code as string };
};

const optionalString = (record: Record<string, unknown>, key: string, at: string) => {
  expectField(record, key, 'string', { optional: true, at });
  return (record[key] as string | undefined) ?? null;
};

/**
 * PayPal's answer about order `askedId`, checked field by field (throws AnswerFieldError). An order
 * of ours has exactly one purchase unit; any other shape is not an order we made.
 */
export function checkedOrder(answer: Record<string, unknown>, askedId: string): PayPalOrder {
  expectId(answer, askedId);
  expectField(answer, 'status', 'string');
  const payer = optionalObject(answer, 'payer');
  const units = answer.purchase_units;
  expectValue(units, 'array', 'purchase_units');
  if ((units as unknown[]).length !== 1) {
    throw new AnswerFieldError(
      `purchase_units has ${(units as unknown[]).length} units, not the 1 we create`,
    );
  }
  const unit = (units as unknown[])[0];
  expectValue(unit, 'object', 'purchase_units[0]');
  const at = 'purchase_units[0].';
  const record = unit as Record<string, unknown>;
  const payments = optionalObject(record, 'payments', at);
  const captures = (payments?.captures ?? []) as unknown[];
  expectValue(captures, 'array', `${at}payments.captures`);
  return {
    id: askedId,
    status: answer.status as string,
    payerId: payer ? optionalString(payer, 'payer_id', 'payer.') : null,
    customId: optionalString(record, 'custom_id', at),
    ...money(record, at),
    captures: captures.map((capture, index) => {
      const where = `${at}payments.captures[${index}].`;
      expectValue(capture, 'object', where.slice(0, -1));
      const fields = capture as Record<string, unknown>;
      expectField(fields, 'id', 'string', { at: where });
      expectField(fields, 'status', 'string', { at: where });
      expectField(fields, 'create_time', 'date-time', { optional: true, at: where });
      return {
        id: fields.id as string,
        status: fields.status as string,
        ...money(fields, where),
        customId: optionalString(fields, 'custom_id', where),
        createTime: (fields.create_time as string | undefined) ?? null,
      };
    }),
  };
}

/** What an order is expected to be: ours (reference), for the amount we asked, in our currency. */
export interface ExpectedOrder {
  reference: string;
  amountMinor: number;
  payerId?: string | null;
}

/** Why an order PayPal shows is not the payment we asked for, or null when it is. */
export function orderProblem(order: PayPalOrder, expected: ExpectedOrder): string | null {
  if (order.customId !== expected.reference)
    return `its reference is ${order.customId}, not ${expected.reference}`;
  if (order.currency !== BILLING_CURRENCY || order.amountMinor !== expected.amountMinor) {
    return `it asks ${order.amountMinor} ${order.currency}, not ${expected.amountMinor} ${BILLING_CURRENCY}`;
  }
  return payerProblem(order, expected);
}

/**
 * The one completed capture of a captured order, checked against what we asked for; a string naming
 * the problem when PayPal's answer is not exactly that (nothing is granted then).
 */
export function completedCapture(order: PayPalOrder, expected: ExpectedOrder): PayPalCapture | string {
  if (order.status !== 'COMPLETED') return `the order is ${order.status}, not COMPLETED`;
  if (order.captures.length !== 1) return `the order has ${order.captures.length} captures, not 1`;
  const [capture] = order.captures;
  if (capture.status !== 'COMPLETED') return `its capture is ${capture.status}, not COMPLETED`;
  if (capture.currency !== BILLING_CURRENCY || capture.amountMinor !== expected.amountMinor) {
    return `its capture took ${capture.amountMinor} ${capture.currency}, not ${expected.amountMinor} ${BILLING_CURRENCY}`;
  }
  if (capture.customId !== expected.reference) {
    return `its capture's reference is ${capture.customId}, not ${expected.reference}`;
  }
  return payerProblem(order, expected) ?? capture;
}

function payerProblem(order: PayPalOrder, expected: ExpectedOrder): string | null {
  if (!order.payerId) return 'no payer approved it';
  if (expected.payerId && order.payerId !== expected.payerId) {
    return `payer ${order.payerId} is not the subscription's payer ${expected.payerId}`;
  }
  return null;
}

/** A capture as it is now (GET /v2/payments/captures/{id}): refunded or reversed since, or not. */
export interface PayPalCaptureState {
  id: string;
  status: string;
}

/** Statuses of a capture whose money went back to the buyer (a refund or a chargeback). */
export const CAPTURE_TAKEN_BACK = new Set(['REFUNDED', 'PARTIALLY_REFUNDED', 'REVERSED']);

const CAPTURE_ID = /^[A-Za-z0-9-]{3,50}$/;

/**
 * The capture a PAYMENT.CAPTURE.REFUNDED or .REVERSED event is about: a refund's resource links `up`
 * to it, a reversal's resource is the capture itself. Null for any other event.
 */
export function takenBackCaptureIdOf(event: {
  event_type: string;
  resource?: Record<string, unknown>;
}): string | null {
  if (event.event_type !== 'PAYMENT.CAPTURE.REFUNDED' && event.event_type !== 'PAYMENT.CAPTURE.REVERSED')
    return null;
  const resource = event.resource ?? {};
  let id: unknown = resource.id;
  if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED') {
    const links = Array.isArray(resource.links) ? (resource.links as Array<Record<string, unknown>>) : [];
    const up = links.find((link) => link.rel === 'up' && typeof link.href === 'string');
    id = up ? String(up.href).split('/').pop() : undefined;
  }
  return typeof id === 'string' && CAPTURE_ID.test(id) ? id : null;
}

/** PayPal's answer about capture `askedId`, checked. Throws AnswerFieldError. */
export function checkedCaptureState(answer: Record<string, unknown>, askedId: string): PayPalCaptureState {
  expectId(answer, askedId);
  expectField(answer, 'status', 'string');
  return { id: askedId, status: answer.status as string };
}
