import { saleAmount, saleIdOf, salePayment } from './paypal-sale';

describe('saleIdOf', () => {
  it('reads the sale of a completed or reversed payment from its resource', () => {
    const resource = { id: '2MT12345678901234', state: 'reversed', billing_agreement_id: 'I-BW452GLLEP1G' };
    expect(saleIdOf({ event_type: 'PAYMENT.SALE.REVERSED', resource })).toBe('2MT12345678901234');
    expect(saleIdOf({ event_type: 'PAYMENT.SALE.COMPLETED', resource })).toBe('2MT12345678901234');
  });

  it("reads the refunded sale of a refund, from sale_id or else its 'sale' link", () => {
    expect(
      saleIdOf({
        event_type: 'PAYMENT.SALE.REFUNDED',
        resource: { id: '3RF12345678901234', sale_id: '9T0916710M1105906' },
      }),
    ).toBe('9T0916710M1105906');
    expect(
      saleIdOf({
        event_type: 'PAYMENT.SALE.REFUNDED',
        resource: {
          id: '6YX43824R4443062K',
          links: [{ rel: 'sale', href: 'https://api.paypal.com/v1/payments/sale/9T0916710M1105906' }],
        },
      }),
    ).toBe('9T0916710M1105906');
  });

  it('names no sale for other events or malformed ids', () => {
    expect(saleIdOf({ event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: { id: 'I-X1' } })).toBeNull();
    expect(saleIdOf({ event_type: 'PAYMENT.SALE.REFUNDED', resource: { id: 'R1' } })).toBeNull();
    expect(
      saleIdOf({ event_type: 'PAYMENT.SALE.COMPLETED', resource: { id: '../../v1/oauth2' } }),
    ).toBeNull();
  });
});

describe('salePayment', () => {
  const at = '2026-03-23T10:05:00Z';

  it('pays while completed, no longer once refunded (in part or in full) or reversed', () => {
    expect(salePayment({ id: 'S', state: 'completed', create_time: at })).toEqual({
      paid: true,
      at: new Date(at),
    });
    for (const state of ['refunded', 'partially_refunded', 'reversed']) {
      expect(salePayment({ id: 'S', state, create_time: at })).toEqual({ paid: false, at: new Date(at) });
    }
  });

  it('says nothing of a pending or denied sale, or one without a time', () => {
    expect(salePayment({ id: 'S', state: 'pending', create_time: at })).toBeNull();
    expect(salePayment({ id: 'S', state: 'denied', create_time: at })).toBeNull();
    expect(salePayment({ id: 'S', state: 'completed' })).toBeNull();
    expect(salePayment({ id: 'S', state: 'completed', create_time: 'yesterday' })).toBeNull();
  });
});

describe('saleAmount', () => {
  const sale = (amount: unknown) => ({ id: 'S1', amount }) as Parameters<typeof saleAmount>[0];

  it("reads PayPal's decimal total as minor units, with its currency", () => {
    expect(saleAmount(sale({ total: '167.88', currency: 'USD' }))).toEqual({ minor: 16788, currency: 'USD' });
    expect(saleAmount(sale({ total: '15.9', currency: 'USD' }))).toEqual({ minor: 1590, currency: 'USD' });
    expect(saleAmount(sale({ total: '20', currency: 'EUR' }))).toEqual({ minor: 2000, currency: 'EUR' });
  });

  it('answers null for an amount it cannot read exactly', () => {
    expect(saleAmount(sale(undefined))).toBeNull();
    expect(saleAmount(sale({ total: '1.999', currency: 'USD' }))).toBeNull();
    expect(saleAmount(sale({ total: '-5.00', currency: 'USD' }))).toBeNull();
    expect(saleAmount(sale({ total: '5.00', currency: 'usd' }))).toBeNull();
  });
});
