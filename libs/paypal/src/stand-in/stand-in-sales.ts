import { randomBytes } from 'node:crypto';

interface Link {
  href: string;
  rel: string;
  method: string;
}

/** A payment of a subscription in PayPal's wire format (GET /v1/payments/sale/{id}). */
export interface PayPalSale {
  id: string;
  state: 'completed' | 'partially_refunded' | 'refunded' | 'reversed';
  amount: { total: string; currency: string };
  payment_mode: 'INSTANT_TRANSFER';
  protection_eligibility: 'ELIGIBLE';
  billing_agreement_id: string;
  create_time: string;
  update_time: string;
  links: Link[];
}

/** A refund of a sale (GET /v1/payments/refund/{id}, and the resource of PAYMENT.SALE.REFUNDED). */
export interface PayPalRefund {
  id: string;
  state: 'completed';
  amount: { total: string; currency: string };
  sale_id: string;
  parent_payment: string;
  create_time: string;
  update_time: string;
  links: Link[];
}

const saleId = () =>
  Array.from(randomBytes(17), (byte) => 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'[byte % 33]).join('');

/**
 * The payments PayPal collected for the stand-in's subscriptions, and what became of them. Each
 * subscription's payments are strictly later than the one before, as a billing schedule makes them.
 */
export class StandInSales {
  private readonly sales = new Map<string, PayPalSale>();
  private readonly bySubscription = new Map<string, PayPalSale[]>();
  private readonly refunds = new Map<string, PayPalRefund>();

  constructor(private readonly baseUrl: () => string) {}

  /** A completed payment of `total` USD for the subscription, now. */
  collect(subscriptionId: string, total: string): PayPalSale {
    const history = this.bySubscription.get(subscriptionId) ?? [];
    const previous = history.at(-1);
    const at = new Date(Math.max(Date.now(), previous ? Date.parse(previous.create_time) + 1 : 0));
    const id = saleId();
    const sale: PayPalSale = {
      id,
      state: 'completed',
      amount: { total, currency: 'USD' },
      payment_mode: 'INSTANT_TRANSFER',
      protection_eligibility: 'ELIGIBLE',
      billing_agreement_id: subscriptionId,
      create_time: at.toISOString(),
      update_time: at.toISOString(),
      links: [
        { href: `${this.baseUrl()}/v1/payments/sale/${id}`, rel: 'self', method: 'GET' },
        { href: `${this.baseUrl()}/v1/payments/sale/${id}/refund`, rel: 'refund', method: 'POST' },
      ],
    };
    this.sales.set(id, sale);
    this.bySubscription.set(subscriptionId, [...history, sale]);
    return sale;
  }

  get(id: string): PayPalSale | undefined {
    return this.sales.get(id);
  }

  /** The subscription's payments, oldest first. */
  of(subscriptionId: string): PayPalSale[] {
    return [...(this.bySubscription.get(subscriptionId) ?? [])];
  }

  /** The subscription's latest payment in one of these states, or its latest payment at all. */
  latest(subscriptionId: string, state?: PayPalSale['state']): PayPalSale | undefined {
    return this.of(subscriptionId)
      .reverse()
      .find((sale) => state === undefined || sale.state === state);
  }

  /** The merchant refunds a payment in full (the subscription itself stays as it is, as at PayPal). */
  refund(sale: PayPalSale): PayPalRefund {
    const now = new Date().toISOString();
    Object.assign(sale, { state: 'refunded', update_time: now });
    const id = saleId();
    const refund: PayPalRefund = {
      id,
      state: 'completed',
      amount: { total: sale.amount.total, currency: sale.amount.currency },
      sale_id: sale.id,
      parent_payment: `PAYID-${saleId()}`,
      create_time: now,
      update_time: now,
      links: [
        { href: `${this.baseUrl()}/v1/payments/refund/${id}`, rel: 'self', method: 'GET' },
        { href: `${this.baseUrl()}/v1/payments/sale/${sale.id}`, rel: 'sale', method: 'GET' },
      ],
    };
    this.refunds.set(id, refund);
    return refund;
  }

  /** The buyer's bank takes the money back (a chargeback): the sale is reversed. */
  reverse(sale: PayPalSale): PayPalSale {
    Object.assign(sale, { state: 'reversed', update_time: new Date().toISOString() });
    return sale;
  }

  /** The latest refund of any of the subscription's payments. */
  latestRefund(subscriptionId: string): PayPalRefund | undefined {
    const saleIds = new Set(this.of(subscriptionId).map((sale) => sale.id));
    return [...this.refunds.values()].reverse().find((refund) => saleIds.has(refund.sale_id));
  }
}
