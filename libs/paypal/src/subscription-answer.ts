import { expectField, expectId, expectValue, optionalObject } from './paypal-answer-checks';
import type { PayPalSubscription } from './paypal-subscription';

const TIMES = ['start_time', 'update_time', 'status_update_time', 'create_time'] as const;

/** Throws AnswerFieldError unless a price, where present, is PayPal's { currency_code, value } of strings. */
function checkMoney(holder: Record<string, unknown>, key: string, at: string): void {
  const money = optionalObject(holder, key, at);
  if (!money) return;
  expectField(money, 'currency_code', 'string', { optional: true, at: `${at}${key}.` });
  expectField(money, 'value', 'string', { optional: true, at: `${at}${key}.` });
}

function checkBillingCycles(plan: Record<string, unknown>): void {
  expectField(plan, 'billing_cycles', 'array', { optional: true, at: 'plan.' });
  for (const [index, cycle] of ((plan.billing_cycles as unknown[] | undefined) ?? []).entries()) {
    const at = `plan.billing_cycles[${index}]`;
    expectValue(cycle, 'object', at);
    const fields = cycle as Record<string, unknown>;
    expectField(fields, 'sequence', 'number', { optional: true, at: `${at}.` });
    const scheme = optionalObject(fields, 'pricing_scheme', `${at}.`);
    if (scheme) checkMoney(scheme, 'fixed_price', `${at}.pricing_scheme.`);
  }
}

/**
 * PayPal's answer about subscription `askedId` as a PayPalSubscription, checked: about that id, with
 * a string status, plan_id and (when present) custom_id and quantity, a boolean plan_overridden or
 * none, times that are times, and objects where PayPal writes objects. Throws AnswerFieldError.
 */
export function checkedSubscription(answer: Record<string, unknown>, askedId: string): PayPalSubscription {
  expectId(answer, askedId);
  expectField(answer, 'status', 'string');
  expectField(answer, 'plan_id', 'string');
  expectField(answer, 'custom_id', 'string', { optional: true });
  expectField(answer, 'quantity', 'string', { optional: true });
  expectField(answer, 'plan_overridden', 'boolean', { optional: true });
  for (const time of TIMES) expectField(answer, time, 'date-time', { optional: true });
  const plan = optionalObject(answer, 'plan');
  if (plan) checkBillingCycles(plan);
  const subscriber = optionalObject(answer, 'subscriber');
  if (subscriber) expectField(subscriber, 'payer_id', 'string', { optional: true, at: 'subscriber.' });
  const billing = optionalObject(answer, 'billing_info');
  if (billing) {
    expectField(billing, 'next_billing_time', 'date-time', { optional: true, at: 'billing_info.' });
    const payment = optionalObject(billing, 'last_payment', 'billing_info.');
    if (payment) {
      expectField(payment, 'time', 'date-time', { optional: true, at: 'billing_info.last_payment.' });
      checkMoney(payment, 'amount', 'billing_info.last_payment.');
    }
  }
  return answer as unknown as PayPalSubscription;
}
