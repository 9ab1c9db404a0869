import { AnswerFieldError } from './paypal-answer-checks';
import { checkedSale } from './paypal-sale';
import { checkedSubscription } from './subscription-answer';

const ID = 'I-SUBSCRIPTION1';

/** A subscription as PayPal answers GET /v1/billing/subscriptions/{id}?fields=plan. */
const answer = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: ID,
  plan_id: 'P-ENT-M',
  status: 'ACTIVE',
  custom_id: '0b7d5a4e-3c1f-4f7a-9d2e-6a1b2c3d4e5f',
  quantity: '1',
  plan_overridden: false,
  start_time: '2026-04-01T10:00:00Z',
  update_time: '2026-04-01T10:00:05.123Z',
  plan: {
    billing_cycles: [
      { sequence: 1, pricing_scheme: { fixed_price: { currency_code: 'USD', value: '99.99' } } },
    ],
  },
  billing_info: {
    next_billing_time: '2026-05-01T10:00:00Z',
    last_payment: { amount: { currency_code: 'USD', value: '99.99' }, time: '2026-04-01T10:00:03Z' },
  },
  ...fields,
});

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AnswerFieldError);
    return (error as Error).message;
  }
  throw new Error('expected an AnswerFieldError');
};

describe('checkedSubscription', () => {
  it('passes a well-formed answer through, and one with only the fields PayPal always sends', () => {
    expect(checkedSubscription(answer(), ID)).toEqual(answer());
    const bare = { id: ID, plan_id: 'P-ENT-M', status: 'APPROVAL_PENDING' };
    expect(checkedSubscription(bare, ID)).toEqual(bare);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['another id', { id: 'I-SOMEONEELSE' }, 'id is "I-SOMEONEELSE", not the I-SUBSCRIPTION1 asked for'],
    ['no id', { id: undefined }, 'id is undefined'],
    ['a numeric id', { id: 42 }, 'id is 42'],
    ['no status', { status: undefined }, 'status is undefined, not a string'],
    ['status as an object', { status: { toString: 'ACTIVE' } }, 'status is {"toString":"ACTIVE"}'],
    ['plan_id as an array', { plan_id: ['P-ENT-M'] }, 'plan_id is ["P-ENT-M"]'],
    ['custom_id as an object', { custom_id: { $ne: null } }, 'custom_id is {"$ne":null}'],
    ['a numeric quantity', { quantity: 1 }, 'quantity is 1, not a string'],
    ['plan_overridden as "true"', { plan_overridden: 'true' }, 'plan_overridden is "true", not a boolean'],
    ['plan_overridden as 1', { plan_overridden: 1 }, 'plan_overridden is 1, not a boolean'],
    ['plan_overridden as null', { plan_overridden: null }, 'plan_overridden is null'],
    [
      'a start_time that is not a time',
      { start_time: 'yesterday-ish' },
      'start_time is "yesterday-ish", not an RFC 3339 time',
    ],
    ['a date without a time', { update_time: '2026-04-01' }, 'update_time is "2026-04-01"'],
    ['an impossible date', { update_time: '2026-13-45T00:00:00Z' }, 'update_time is'],
    ['a time beyond any date', { update_time: '+275760-09-13T00:00:00.001Z' }, 'update_time is'],
    ['a time before PayPal', { status_update_time: '1970-01-01T00:00:00Z' }, 'status_update_time is'],
    ['a time from 2200 on', { create_time: '2200-01-01T00:00:00Z' }, 'create_time is'],
    ['plan as a string', { plan: 'P-ENT-M' }, 'plan is "P-ENT-M", not an object'],
    ['billing_cycles as an object', { plan: { billing_cycles: {} } }, 'plan.billing_cycles is {}'],
    ['a billing cycle that is null', { plan: { billing_cycles: [null] } }, 'plan.billing_cycles[0] is null'],
    [
      'a price of the wrong type',
      { plan: { billing_cycles: [{ pricing_scheme: { fixed_price: { value: 99.99 } } }] } },
      'plan.billing_cycles[0].pricing_scheme.fixed_price.value is 99.99, not a string',
    ],
    ['billing_info as an array', { billing_info: [] }, 'billing_info is [], not an object'],
    [
      'a next_billing_time that is not a time',
      { billing_info: { next_billing_time: 'soon' } },
      'billing_info.next_billing_time is "soon"',
    ],
    [
      'a last payment time that is not a time',
      { billing_info: { last_payment: { time: 0 } } },
      'billing_info.last_payment.time is 0',
    ],
  ])('refuses %s, naming the field', (_what, fields, message) => {
    expect(refusal(() => checkedSubscription(answer(fields), ID))).toContain(message);
  });
});

describe('checkedSale', () => {
  const sale = {
    id: 'SALE-1',
    state: 'completed',
    billing_agreement_id: ID,
    create_time: '2026-04-01T10:00:03Z',
  };

  it('passes a well-formed sale through', () => {
    expect(checkedSale(sale, 'SALE-1')).toEqual(sale);
  });

  it.each<[string, Record<string, unknown>]>([
    ['another id', { id: 'SALE-2' }],
    ['a state of the wrong type', { state: ['completed'] }],
    ['a subscription id of the wrong type', { billing_agreement_id: 42 }],
    ['a create_time that is not a time', { create_time: 'now' }],
  ])('refuses %s', (_what, fields) => {
    refusal(() => checkedSale({ ...sale, ...fields }, 'SALE-1'));
  });
});
