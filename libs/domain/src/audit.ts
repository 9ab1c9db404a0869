/**
 * What the account's audit log records. Key events name the key; `key.restricted` is any change of
 * a key's name, scopes, networks, origins, cap or expiry (its `changes` say which).
 */
export type AuditAction =
  'key.created' | 'key.rolled' | 'key.restricted' | 'key.disabled' | 'plan.changed' | 'signed-in';
export const AUDIT_ACTIONS: readonly AuditAction[] = [
  'key.created',
  'key.rolled',
  'key.restricted',
  'key.disabled',
  'plan.changed',
  'signed-in',
];

/** Who did it: the account's user (by email at the time), or the system acting on PayPal's word. */
export type AuditActor = { type: 'user'; email: string } | { type: 'system'; name: string };

/** Detail values are plain: a string, a number, a flag, a list of strings or null. */
export type AuditDetailValue = string | number | boolean | null | string[];

/** One entry of GET /api/account/audit, newest first. */
export interface AuditEventView {
  id: string;
  action: AuditAction;
  /** ISO 8601. */
  at: string;
  actor: AuditActor;
  /** The key concerned (its name and masked key as they were), or null. */
  target: { type: 'api-key'; id: string; name: string; maskedKey: string } | null;
  /** What changed ("plan": "pro", "changes": ["scopes", "allowedNetworks"], "overlapHours": 24, …). */
  detail: Record<string, AuditDetailValue>;
  /** Where from: the client address (TRUST_PROXY decides which) and its browser, or null (system). */
  ip: string | null;
  /** "Chrome 131 on macOS", as read from the User-Agent, or null. */
  browser: string | null;
}

/** A page of GET /api/account/audit; `next` is the cursor of the following page, null on the last. */
export interface AuditPage {
  data: AuditEventView[];
  next: string | null;
}
