import fc from 'fast-check';
import { PLAN_PRICES_MINOR } from '@fxrates/domain';
import { PayPalPlanIds } from './paypal-plan-ids';
import type { PayPalSubscription } from './paypal-subscription';
import { judgeSubscription, minorUnitsOf } from './subscription-judgement';

const planIds = new PayPalPlanIds({ 'enterprise.monthly': 'P-ENT-M', 'basic.annual': 'P-BASIC-A' });
const USER = '0b7d5a4e-3c1f-4f7a-9d2e-6a1b2c3d4e5f';

const subscription = (fields: Partial<PayPalSubscription> = {}): PayPalSubscription => ({
  id: 'I-SUBSCRIPTION1',
  plan_id: 'P-ENT-M',
  status: 'ACTIVE',
  custom_id: USER,
  quantity: '1',
  plan_overridden: false,
  ...fields,
});

const priced = (value: string, currency_code = 'USD'): Partial<PayPalSubscription> => ({
  plan: { billing_cycles: [{ sequence: 1, pricing_scheme: { fixed_price: { currency_code, value } } }] },
});

describe('judgeSubscription', () => {
  it('accepts our plan at our price for its user, and says whether it pays now', () => {
    expect(judgeSubscription(subscription(priced('99.99')), planIds, USER)).toEqual({
      accepted: true,
      plan: 'enterprise',
      cycle: 'monthly',
      userId: USER,
      paying: true,
    });
    expect(judgeSubscription(subscription({ status: 'SUSPENDED' }), planIds)).toMatchObject({
      accepted: true,
      paying: false,
    });
  });

  it.each([
    ['plan_overridden', { plan_overridden: true }],
    ['one cent a month', priced('0.01')],
    ['a cent less', priced('99.98')],
    ['another currency', priced('99.99', 'EUR')],
    ['a tiered price', { plan: { billing_cycles: [{ sequence: 1, pricing_scheme: { tiers: [] } }] } }],
    ['a free trial cycle', { plan: { billing_cycles: [{ sequence: 1, tenure_type: 'TRIAL' }] } }],
    ['a quantity', { quantity: '0.0001' }],
    // Not booleans: whatever they mean, they do not say "not overridden".
    ['plan_overridden as "true"', { plan_overridden: 'true' as unknown as boolean }],
    ['plan_overridden as 1', { plan_overridden: 1 as unknown as boolean }],
    ['plan_overridden as null', { plan_overridden: null as unknown as boolean }],
  ])('refuses our plan at a price we did not set: %s', (_what, fields) => {
    expect(judgeSubscription(subscription(fields), planIds, USER)).toMatchObject({
      accepted: false,
      refusal: 'not-our-price',
    });
  });

  it('refuses any fixed price other than ours', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        fc.pre(cents !== PLAN_PRICES_MINOR.enterprise.monthly);
        const value = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        return !judgeSubscription(subscription(priced(value)), planIds, USER).accepted;
      }),
    );
  });

  it.each([
    ['missing', undefined],
    ['not a UUID', 'admin'],
    ['a UUID in capitals', USER.toUpperCase()],
    ['an injection', `${USER}' or '1'='1`],
  ])('refuses a custom_id that is %s', (_what, customId) => {
    expect(judgeSubscription(subscription({ custom_id: customId }), planIds)).toMatchObject({
      accepted: false,
      refusal: 'not-for-user',
    });
  });

  it('refuses a subscription made for another user than the one it must be for', () => {
    const other = '1c8e6b5f-4d2a-4a8b-8e3f-7b2c3d4e5f60';
    expect(judgeSubscription(subscription(), planIds, other)).toMatchObject({
      accepted: false,
      refusal: 'not-for-user',
      reason: expect.stringContaining('custom_id'),
    });
  });

  it('refuses a plan id that is not ours', () => {
    expect(judgeSubscription(subscription({ plan_id: 'P-SOMEONE-ELSES' }), planIds)).toMatchObject({
      accepted: false,
      refusal: 'not-our-plan',
    });
  });
});

describe('minorUnitsOf', () => {
  it.each([
    ['167.88', 16788],
    ['167.880', 16788],
    ['0.01', 1],
    ['99', 9900],
    ['99.9', 9990],
    ['167.881', null],
    ['-1.00', null],
    ['1e3', null],
    ['', null],
  ])('reads %j as %j cents', (value, cents) => {
    expect(minorUnitsOf(value)).toBe(cents);
  });
});
