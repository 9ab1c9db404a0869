import type { RateAlertCondition } from '@fxrates/domain';
import { plainText } from '../email/plain-text';

export interface RateAlertEmailInput {
  productName: string;
  /** As the user typed it: plain text that links nothing, in the body only. */
  firstName: string;
  base: string;
  quote: string;
  condition: RateAlertCondition;
  level: string | null;
  changePercent: string | null;
  windowMinutes: number | null;
  /** The rate that fired it, and (`change`) the rate a window before. */
  rate: string;
  previousRate: string | null;
  firedAt: Date;
  /** WEB_URL, no trailing slash. */
  webUrl: string;
}

/** "1 December 2026, 10:15 UTC". */
function when(at: Date): string {
  const day = at.toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
  return `${day}, ${at.toISOString().slice(11, 16)} UTC`;
}

/** "60 minutes", "1 minute". */
const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

/** The condition in words: "above 1.10", "below 0.90", "a change of 2% over 60 minutes". */
export function conditionInWords(
  input: Pick<RateAlertEmailInput, 'condition' | 'level' | 'changePercent' | 'windowMinutes'>,
): string {
  if (input.condition === 'change') {
    return `a change of ${input.changePercent}% over ${minutes(input.windowMinutes ?? 0)}`;
  }
  return `${input.condition} ${input.level}`;
}

/**
 * The mail a rate alert sends when it fires: plain text like the worker's other mail, saying the
 * pair, the condition, the rate and when, and where to manage the alert (the dashboard's alerts page).
 */
export function rateAlertEmail(input: RateAlertEmailInput): { subject: string; text: string } {
  const pair = `${input.base}/${input.quote}`;
  const condition = conditionInWords(input);
  const at = when(input.firedAt);
  const subject =
    input.condition === 'change'
      ? `${pair} moved ${input.changePercent}% or more in ${minutes(input.windowMinutes ?? 0)}`
      : `${pair} is ${input.condition} ${input.level}: ${input.rate}`;
  const what =
    input.condition === 'change'
      ? `${pair} went from ${input.previousRate} to ${input.rate} over the last ${minutes(input.windowMinutes ?? 0)}.`
      : `${pair} is at ${input.rate}, ${input.condition} your level of ${input.level}.`;
  const text = [
    `Hello ${plainText(input.firstName, { maxLength: 100 })},`,
    '',
    `Your ${input.productName} rate alert on ${pair} fired.`,
    '',
    `Pair:      ${pair}`,
    `Condition: ${condition}`,
    `Rate:      ${input.rate}`,
    `When:      ${at}`,
    '',
    what,
    '',
    'It fires again once the rate has gone back past the alert’s hysteresis and its cooldown has passed.',
    '',
    `Manage your alerts (pause, change or delete them): ${input.webUrl}/dashboard/alerts`,
    '',
    `— ${input.productName}`,
    '',
  ].join('\n');
  return { subject, text };
}
