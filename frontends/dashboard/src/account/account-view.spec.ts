import type { AccountResponse } from '@fxrates/domain';
import {
  accountFields,
  canCancel,
  canResume,
  canUpgrade,
  formatLongDate,
  hasAmount,
  humanize,
} from './account-view';

const FREE: AccountResponse = {
  email: 'ada@example.test',
  displayName: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: null,
  plan: 'free',
  billingCycle: 'monthly',
  status: 'active',
  startDate: '2026-11-22T18:30:00.000Z',
  currentPeriodEnd: null,
  amount: '0.00',
  currency: 'USD',
  createdAt: '2026-11-22T18:30:00.000Z',
  lastSignInAt: null,
  pendingChange: null,
};

describe('account view', () => {
  it('shows the defaults of a new account: Free, Monthly, Active, N/A, no amount', () => {
    expect(accountFields(FREE, 'UTC')).toEqual([
      { key: 'email', label: 'Email', value: 'ada@example.test' },
      { key: 'plan', label: 'Plan', value: 'Free' },
      { key: 'billingCycle', label: 'Billing Cycle', value: 'Monthly' },
      { key: 'status', label: 'Status', value: 'Active' },
      { key: 'startDate', label: 'Start Date', value: 'November 22, 2026' },
      { key: 'nextBilling', label: 'Next Billing', value: 'N/A' },
    ]);
    expect(canUpgrade(FREE)).toBe(true);
  });

  it('shows the amount with its currency on a paid plan, and no upgrade', () => {
    const paid: AccountResponse = {
      ...FREE,
      plan: 'professional',
      billingCycle: 'annual',
      currentPeriodEnd: '2027-11-22T18:30:00.000Z',
      amount: '635.88',
    };
    expect(accountFields(paid, 'UTC').slice(1)).toEqual([
      { key: 'plan', label: 'Plan', value: 'Professional' },
      { key: 'billingCycle', label: 'Billing Cycle', value: 'Annual' },
      { key: 'status', label: 'Status', value: 'Active' },
      { key: 'startDate', label: 'Start Date', value: 'November 22, 2026' },
      { key: 'nextBilling', label: 'Next Billing', value: 'November 22, 2027' },
      { key: 'amount', label: 'Amount', value: '$635.88 USD' },
    ]);
    expect(canUpgrade(paid)).toBe(false);
  });

  it('shows Access Until instead of Next Billing once the subscription is cancelled', () => {
    const cancelled: AccountResponse = {
      ...FREE,
      plan: 'basic',
      status: 'cancelled',
      currentPeriodEnd: '2027-11-22T18:30:00.000Z',
      amount: '167.88',
    };
    const fields = accountFields(cancelled, 'UTC');
    expect(fields.find((field) => field.key === 'accessUntil')).toEqual({
      key: 'accessUntil',
      label: 'Access Until',
      value: 'November 22, 2027',
    });
    expect(fields.some((field) => field.key === 'nextBilling')).toBe(false);
  });

  it('writes dates in long form in the given time zone, or N/A', () => {
    expect(formatLongDate('2026-01-05T00:00:00Z', 'UTC')).toBe('January 5, 2026');
    expect(formatLongDate('2026-01-05T00:00:00Z', 'America/New_York')).toBe('January 4, 2026');
    expect(formatLongDate(null)).toBe('N/A');
    expect(formatLongDate('not a date')).toBe('N/A');
  });

  it('shows an amount only above zero', () => {
    expect(hasAmount({ amount: '0.00' })).toBe(false);
    expect(hasAmount({ amount: '0.01' })).toBe(true);
    expect(hasAmount({ amount: 'n/a' })).toBe(false);
  });

  it('humanizes status words', () => {
    expect(humanize('past_due')).toBe('Past due');
    expect(humanize('ACTIVE')).toBe('Active');
  });
});

describe('canCancel', () => {
  it('offers cancelling an active or suspended paid subscription only', () => {
    expect(canCancel({ plan: 'basic', status: 'active' })).toBe(true);
    expect(canCancel({ plan: 'basic', status: 'suspended' })).toBe(true);
    expect(canCancel({ plan: 'basic', status: 'cancelled' })).toBe(false);
    expect(canCancel({ plan: 'free', status: 'active' })).toBe(false);
  });
});

describe('canResume', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const cancelled = { plan: 'basic', status: 'cancelled', currentPeriodEnd: '2026-12-12T12:00:00Z' } as const;

  it('offers resuming a cancelled paid subscription while its paid time lasts', () => {
    expect(canResume(cancelled, now)).toBe(true);
    expect(canResume({ ...cancelled, currentPeriodEnd: '2026-11-28T11:59:59Z' }, now)).toBe(false);
    expect(canResume({ ...cancelled, currentPeriodEnd: null }, now)).toBe(false);
    expect(canResume({ ...cancelled, status: 'active' }, now)).toBe(false);
    expect(canResume({ ...cancelled, plan: 'free' }, now)).toBe(false);
  });
});
