import type { QuotaAlertThreshold } from '@fxrates/domain';
import { percentUsed } from '@fxrates/domain';
import { plainText } from '../email/plain-text';

export interface QuotaAlertEmailInput {
  productName: string;
  /** As the user typed it: shown as plain text that links nothing (plainText), in the body only. */
  firstName: string;
  /** The plan's display name ("Free"). */
  planName: string;
  /** True for the highest plan: more quota is a quote, not an upgrade. */
  topPlan: boolean;
  threshold: QuotaAlertThreshold;
  used: number;
  monthlyQuota: number;
  /** The metering month, "2026-11". */
  month: string;
  /** WEB_URL, no trailing slash. */
  webUrl: string;
}

const number = (n: number) => n.toLocaleString('en-US');

function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The first day of the next month, written out: when the quota starts again. */
function resetDate(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 1)).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
}

/**
 * The quota alert a user gets at 75, 90 and 100 % of the month's quota: plain text like the other
 * mail the worker sends, saying the plan, the calls used of the quota, when it resets, and where to
 * upgrade (the pricing page; the contact page for the highest plan).
 */
export function quotaAlertEmail(input: QuotaAlertEmailInput): { subject: string; text: string } {
  const period = monthName(input.month);
  const resets = resetDate(input.month);
  const usedUp = input.threshold === 100;
  const subject = usedUp
    ? `You have used all of your ${input.productName} API quota for ${period}`
    : `You have used ${input.threshold}% of your ${input.productName} API quota for ${period}`;
  const headline = usedUp
    ? `Your ${input.productName} API calls have used up this month's quota.`
    : `Your ${input.productName} API calls have passed ${input.threshold}% of this month's quota.`;
  const consequence = usedUp
    ? `Further calls are refused with HTTP 429 (quota-exceeded) until the quota resets.`
    : `Once the quota is used up, further calls are refused with HTTP 429 (quota-exceeded) until it resets.`;
  const upgrade = input.topPlan
    ? `Need more than the ${input.planName} plan's quota? Contact us for a quote: ${input.webUrl}/contact`
    : `Need more? Upgrade your plan for a higher quota: ${input.webUrl}/pricing`;
  const text = [
    `Hello ${plainText(input.firstName, { maxLength: 100 })},`,
    '',
    headline,
    '',
    `Plan:   ${input.planName}`,
    `Used:   ${number(input.used)} of ${number(input.monthlyQuota)} requests (${percentUsed(input.used, input.monthlyQuota)}%) in ${period}`,
    `Resets: ${resets}, 00:00 UTC`,
    '',
    consequence,
    '',
    upgrade,
    '',
    `You get this email once at 75%, 90% and 100% of your monthly quota. Your usage: ${input.webUrl}/dashboard`,
    '',
    `— ${input.productName}`,
    '',
  ].join('\n');
  return { subject, text };
}
