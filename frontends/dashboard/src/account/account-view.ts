import { findCurrency, PLANS, type AccountResponse } from '@fxrates/domain';
import { formatLongDate } from '@fxrates/web-kit';

/** One line of the Account Settings card. */
export interface AccountField {
  key: 'email' | 'plan' | 'billingCycle' | 'status' | 'startDate' | 'nextBilling' | 'accessUntil' | 'amount';
  label: string;
  value: string;
}

/** Dates in long form or "N/A", as every billing page writes them. */
export { formatLongDate };

/** "active" → "Active", "past_due" → "Past due". */
export function humanize(text: string): string {
  const words = text.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function planName(plan: string): string {
  return Object.hasOwn(PLANS, plan) ? PLANS[plan as keyof typeof PLANS].name : humanize(plan);
}

/** The amount is shown, with its currency, only when above 0. */
export function hasAmount(account: Pick<AccountResponse, 'amount'>): boolean {
  const amount = Number(account.amount);
  return Number.isFinite(amount) && amount > 0;
}

/** The "Upgrade Plan" button to /pricing appears on the Free plan. */
export function canUpgrade(account: Pick<AccountResponse, 'plan'>): boolean {
  return account.plan === 'free';
}

/** A paid subscription that can still be cancelled shows "Cancel subscription". */
export function canCancel(account: Pick<AccountResponse, 'plan' | 'status'>): boolean {
  return account.plan !== 'free' && (account.status === 'active' || account.status === 'suspended');
}

/**
 * A cancelled subscription with paid time left shows "Resume subscription": a new subscription of the
 * same plan and cycle that PayPal first bills when the paid time ends, so nothing is paid twice.
 */
export function canResume(
  account: Pick<AccountResponse, 'plan' | 'status' | 'currentPeriodEnd'>,
  now: Date = new Date(),
): boolean {
  const end = account.currentPeriodEnd ? new Date(account.currentPeriodEnd).getTime() : Number.NaN;
  return account.plan !== 'free' && account.status === 'cancelled' && end > now.getTime();
}

/** A cancelled or expired subscription bills no more: its period end is when access ends. */
export function billsAgain(account: Pick<AccountResponse, 'status'>): boolean {
  return account.status !== 'cancelled' && account.status !== 'expired';
}

/** The fields of Account Settings, in order, as shown; "Access Until" once nothing bills again. */
export function accountFields(account: AccountResponse, timeZone?: string): AccountField[] {
  const fields: AccountField[] = [
    { key: 'email', label: 'Email', value: account.email },
    { key: 'plan', label: 'Plan', value: planName(account.plan) },
    { key: 'billingCycle', label: 'Billing Cycle', value: humanize(account.billingCycle) },
    { key: 'status', label: 'Status', value: humanize(account.status) },
    { key: 'startDate', label: 'Start Date', value: formatLongDate(account.startDate, timeZone) },
    billsAgain(account)
      ? {
          key: 'nextBilling',
          label: 'Next Billing',
          value: formatLongDate(account.currentPeriodEnd, timeZone),
        }
      : {
          key: 'accessUntil',
          label: 'Access Until',
          value: formatLongDate(account.currentPeriodEnd, timeZone),
        },
  ];
  if (hasAmount(account)) {
    fields.push({ key: 'amount', label: 'Amount', value: amountWithCurrency(account) });
  }
  return fields;
}

/** "$167.88 USD", as the subscribe page shows it; the symbol only where it is not the code itself. */
function amountWithCurrency({ amount, currency }: Pick<AccountResponse, 'amount' | 'currency'>): string {
  const symbol = findCurrency(currency)?.symbol;
  return `${symbol && symbol !== currency ? symbol : ''}${amount} ${currency}`;
}
