import type { AuditDetailValue, AuditEventView } from '@fxrates/domain';
import { humanize, planName } from '../account/account-view';
import { exactTime } from '../account/sessions';

/** The API's call, below its base URL: a page of events, newest first. */
export const AUDIT_API = { list: '/account/audit' } as const;

/** Events per page: a few weeks of an ordinary account's sign-ins and key changes. */
export const AUDIT_PAGE_SIZE = 20;

export const AUDIT_TEXTS = {
  sectionTitle: 'Audit log',
  description:
    'What happened to your account and its API keys, newest first: who did it, when, and from where.',
  empty: 'Nothing has been recorded yet.',
  loadFailed: 'Your audit log could not be loaded. Try again.',
  moreFailed: 'The older events could not be loaded. Try again.',
  more: 'Load more',
  nothing: '—',
} as const;

/** Each field a key's restriction change may name, as the sentence says it. */
const CHANGE_NAMES: Record<string, string> = {
  name: 'name',
  scopes: 'scopes',
  allowedNetworks: 'IP allow-list',
  allowedOrigins: 'allowed origins',
  monthlyCap: 'monthly cap',
  expiresAt: 'expiry',
};

/** An event as a row of the log shows it, every field a string. */
export interface AuditRowView {
  id: string;
  /** In the browser's time zone: "November 29, 2026, 11:55 UTC". */
  when: string;
  /** The instant as the API gave it, for the title of `when`. */
  at: string;
  event: string;
  /** The key's name and masked key as they were, or null for an event about no key. */
  key: { name: string; maskedKey: string } | null;
  who: string;
  /** The address, and the browser when known; null for the system. */
  from: { ip: string; browser: string | null } | null;
}

const text = (value: AuditDetailValue | undefined): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function listOf(value: AuditDetailValue | undefined): string[] {
  return Array.isArray(value) ? value : [];
}

function restrictionsText(detail: AuditEventView['detail']): string {
  const changes = listOf(detail.changes).map(
    (change) => CHANGE_NAMES[change] ?? humanize(change).toLowerCase(),
  );
  return changes.length > 0 ? `Key restrictions changed: ${changes.join(', ')}` : 'Key restrictions changed';
}

function rolledText(detail: AuditEventView['detail']): string {
  const hours = detail.overlapHours;
  if (typeof hours !== 'number') return 'Key rolled';
  if (hours === 0) return 'Key rolled; the previous secret stopped at once';
  return `Key rolled; the previous secret kept working for ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

function planText(detail: AuditEventView['detail']): string {
  const from = text(detail.from) ?? text(detail.previousPlan);
  const to = text(detail.to) ?? text(detail.plan);
  if (from && to) return `Plan changed from ${planName(from)} to ${planName(to)}`;
  if (to) return `Plan changed to ${planName(to)}`;
  return 'Plan changed';
}

/** What happened, in words: "Key created", "Plan changed from Free to Professional". */
export function auditEventText(event: Pick<AuditEventView, 'action' | 'detail'>): string {
  switch (event.action) {
    case 'key.created':
      return 'Key created';
    case 'key.rolled':
      return rolledText(event.detail);
    case 'key.restricted':
      return restrictionsText(event.detail);
    case 'key.disabled':
      return 'Key deactivated';
    case 'plan.changed':
      return planText(event.detail);
    case 'signed-in':
      return 'Signed in';
    default:
      // An action the API learnt after this build is still shown, in its own words.
      return humanize(String(event.action).replace(/\./g, ' '));
  }
}

/** Who did it: the user's email at the time, or the system's name ("PayPal"). */
export function auditActorText(actor: AuditEventView['actor']): string {
  return actor.type === 'user' ? actor.email : actor.name;
}

export function auditRowView(event: AuditEventView, timeZone?: string): AuditRowView {
  return {
    id: event.id,
    when: exactTime(event.at, timeZone),
    at: event.at,
    event: auditEventText(event),
    key: event.target ? { name: event.target.name, maskedKey: event.target.maskedKey } : null,
    who: auditActorText(event.actor),
    from: event.ip ? { ip: event.ip, browser: event.browser } : null,
  };
}
