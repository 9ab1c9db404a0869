import { AnswerFieldError } from './paypal-answer-checks';
import { checkedOrder, completedCapture, orderProblem, takenBackCaptureIdOf } from './paypal-order';

const REFERENCE = '6f1c2a7e-0d4b-4c39-9c1e-2f4b5a6c7d8e';
const expected = { reference: REFERENCE, amountMinor: 4217, payerId: 'PAYER1234567' };

function capturedAnswer(overrides: { capture?: object; unit?: object; order?: object } = {}) {
  return {
    id: 'ORDER1234567890',
    status: 'COMPLETED',
    payer: { payer_id: 'PAYER1234567' },
    purchase_units: [
      {
        reference_id: REFERENCE,
        custom_id: REFERENCE,
        amount: { currency_code: 'USD', value: '42.17' },
        payments: {
          captures: [
            {
              id: 'CAPTURE123',
              status: 'COMPLETED',
              amount: { currency_code: 'USD', value: '42.17' },
              custom_id: REFERENCE,
              create_time: '2026-11-28T12:00:00Z',
              ...overrides.capture,
            },
          ],
        },
        ...overrides.unit,
      },
    ],
    ...overrides.order,
  };
}

describe('PayPal orders', () => {
  it('reads a captured order and accepts exactly what we asked for', () => {
    const order = checkedOrder(capturedAnswer(), 'ORDER1234567890');
    expect(completedCapture(order, expected)).toMatchObject({ id: 'CAPTURE123', amountMinor: 4217 });
    expect(orderProblem(order, expected)).toBeNull();
  });

  it.each([
    ['another amount', { capture: { amount: { currency_code: 'USD', value: '0.01' } } }, /took 1 USD/],
    ['another currency', { capture: { amount: { currency_code: 'EUR', value: '42.17' } } }, /took 4217 EUR/],
    ['another reference', { capture: { custom_id: 'someone-else' } }, /reference is someone-else/],
    ['a pending capture', { capture: { status: 'PENDING' } }, /capture is PENDING/],
    ['another payer', { order: { payer: { payer_id: 'STRANGER' } } }, /payer STRANGER/],
    ['no payer', { order: { payer: undefined } }, /no payer/],
    ['an order not completed', { order: { status: 'APPROVED' } }, /APPROVED, not COMPLETED/],
  ])('refuses a capture with %s', (_what, overrides, problem) => {
    expect(completedCapture(checkedOrder(capturedAnswer(overrides), 'ORDER1234567890'), expected)).toMatch(
      problem,
    );
  });

  it('refuses answers about another order or of another shape', () => {
    expect(() => checkedOrder(capturedAnswer(), 'ORDER0000000000')).toThrow(AnswerFieldError);
    expect(() => checkedOrder({ ...capturedAnswer(), purchase_units: [] }, 'ORDER1234567890')).toThrow(
      /0 units/,
    );
    expect(() =>
      checkedOrder(capturedAnswer({ capture: { create_time: 'yesterday' } }), 'ORDER1234567890'),
    ).toThrow(AnswerFieldError);
  });

  it('checks an approved order before capture: reference, amount, currency and payer', () => {
    const approved = checkedOrder({ ...capturedAnswer(), status: 'APPROVED' }, 'ORDER1234567890');
    expect(orderProblem(approved, expected)).toBeNull();
    expect(orderProblem(approved, { ...expected, amountMinor: 1 })).toMatch(/asks 4217 USD, not 1 USD/);
    expect(orderProblem(approved, { ...expected, reference: 'other' })).toMatch(/reference/);
  });
});

describe('takenBackCaptureIdOf', () => {
  it('names the capture a refund links up to, or the reversed capture itself', () => {
    const refund = {
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: 'REFUND1',
        links: [{ rel: 'up', href: 'https://api.paypal.com/v2/payments/captures/CAPTURE9' }],
      },
    };
    expect(takenBackCaptureIdOf(refund)).toBe('CAPTURE9');
    expect(
      takenBackCaptureIdOf({ event_type: 'PAYMENT.CAPTURE.REVERSED', resource: { id: 'CAPTURE7' } }),
    ).toBe('CAPTURE7');
  });

  it('names nothing for other events or unusable ids', () => {
    expect(
      takenBackCaptureIdOf({ event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAPTURE7' } }),
    ).toBeNull();
    expect(
      takenBackCaptureIdOf({ event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: 'REFUND1' } }),
    ).toBeNull();
    expect(
      takenBackCaptureIdOf({ event_type: 'PAYMENT.CAPTURE.REVERSED', resource: { id: '../../x' } }),
    ).toBeNull();
  });
});
