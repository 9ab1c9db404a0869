import { expectField, expectId } from './paypal-answer-checks';

/** The fields of PayPal's sale resource (GET /v1/payments/sale/{id}), a subscription's payment, we act on. */
export interface PayPalSale {
  id: string;
  /** pending, completed, partially_refunded, refunded, reversed or denied. */
  state?: string;
  /** The subscription the payment is for. */
  billing_agreement_id?: string;
  create_time?: string;
  /** What PayPal took: a decimal string in major units, and its currency. */
  amount?: { total?: string; currency?: string };
}

/** What a payment means for the period it paid for: paid, or (refunded, reversed) no longer paid. */
export interface SalePayment {
  paid: boolean;
  /** When PayPal took the payment: it pays for the period from then on. */
  at: Date;
}

const PAID = new Set(['completed']);
const TAKEN_BACK = new Set(['refunded', 'partially_refunded', 'reversed']);
const PAYPAL_ID = /^[A-Za-z0-9-]{3,50}$/;

/**
 * The sale a PAYMENT.SALE.* event is about: a refund's resource names it in `sale_id` (or its `sale`
 * link), every other sale event's resource is the sale itself.
 */
export function saleIdOf(event: { event_type: string; resource?: Record<string, unknown> }): string | null {
  if (!event.event_type.startsWith('PAYMENT.SALE.')) return null;
  const resource = event.resource ?? {};
  let id: unknown = resource.id;
  if (event.event_type === 'PAYMENT.SALE.REFUNDED' || resource.sale_id !== undefined) {
    const links = Array.isArray(resource.links) ? (resource.links as Array<Record<string, unknown>>) : [];
    const saleLink = links.find((link) => link.rel === 'sale' && typeof link.href === 'string');
    id = resource.sale_id ?? (saleLink ? String(saleLink.href).split('/').pop() : undefined);
  }
  return typeof id === 'string' && PAYPAL_ID.test(id) ? id : null;
}

/** The payment a sale is now (PayPal's current state, whatever event announced it), or null while it is neither. */
export function salePayment(sale: PayPalSale): SalePayment | null {
  const at = sale.create_time ? new Date(sale.create_time) : null;
  if (!at || Number.isNaN(at.getTime()) || !sale.state) return null;
  if (PAID.has(sale.state)) return { paid: true, at };
  if (TAKEN_BACK.has(sale.state)) return { paid: false, at };
  return null;
}

/** What a sale took, in minor units (PayPal's `amount.total`, e.g. "167.88"), or null when it does not say. */
export function saleAmount(sale: PayPalSale): { minor: number; currency: string } | null {
  const total = sale.amount?.total;
  const currency = sale.amount?.currency;
  if (typeof total !== 'string' || typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null;
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(total);
  if (!match) return null;
  return { minor: Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')), currency };
}

/** PayPal's answer about sale `askedId` as a PayPalSale, checked field by field. Throws AnswerFieldError. */
export function checkedSale(answer: Record<string, unknown>, askedId: string): PayPalSale {
  expectId(answer, askedId);
  expectField(answer, 'state', 'string', { optional: true });
  expectField(answer, 'billing_agreement_id', 'string', { optional: true });
  expectField(answer, 'create_time', 'date-time', { optional: true });
  return answer as unknown as PayPalSale;
}
