import { ErrorCode, KEY_TESTER_MESSAGES, PLAN_IDS, type PlanId } from '@fxrates/domain';
import type { RateProvenance } from '@fxrates/web-kit';
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';

/** What the tester shows after a call: the status line and the response body. */
export interface TestOutcome {
  status: number | null;
  ok: boolean;
  /** The spec's message for an error status; null on success. */
  message: string | null;
  /** The response, pretty-printed when it is JSON, every number exactly as the server wrote it. */
  body: string;
  /** Where the rates of a successful answer come from and when, as the answer says; null when it says nothing. */
  provenance: RateProvenance | null;
  /** A 403 `plan-upgrade-required`: the plan the call needs and the key's, as the API names them. */
  upgrade?: PlanRefusal;
}

/** What a plan refusal says: the API's text, and its machine fields when they name known plans. */
export interface PlanRefusal {
  detail: string;
  requiredPlan: PlanId | null;
  currentPlan: PlanId | null;
  upgradeUrl: string;
}

const asPlan = (value: unknown): PlanId | null =>
  typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value) ? (value as PlanId) : null;

/** The refusal of a 403 `plan-upgrade-required` body; undefined for any other answer. */
export function planRefusalOf(status: number, body: unknown): PlanRefusal | undefined {
  if (status !== 403 || typeof body !== 'object' || body === null) return undefined;
  const { code, detail, message, requiredPlan, currentPlan } = body as Record<string, unknown>;
  if (code !== ErrorCode.PlanUpgradeRequired) return undefined;
  const text = [detail, message].find((value) => typeof value === 'string' && value.trim() !== '');
  return {
    detail: typeof text === 'string' ? text : '',
    requiredPlan: asPlan(requiredPlan),
    currentPlan: asPlan(currentPlan),
    // The pricing page of this site, whatever the body says: the link never leaves it.
    upgradeUrl: '/pricing',
  };
}

/**
 * The provenance fields of a rates answer: `source` (a list in /api/v1, a comma-separated string in the
 * converter), `timestamp`, `date`, and the `stale` / `marketClosed` flags; null when any is missing.
 */
export function provenanceOf(body: unknown): RateProvenance | null {
  if (typeof body !== 'object' || body === null) return null;
  const { source, timestamp, date, stale, marketClosed } = body as Record<string, unknown>;
  const sources = Array.isArray(source) ? source : typeof source === 'string' ? source.split(',') : null;
  if (!sources || sources.length === 0 || !sources.every((s) => typeof s === 'string' && s !== ''))
    return null;
  if (typeof timestamp !== 'string' || typeof date !== 'string') return null;
  return {
    source: sources.join(','),
    timestamp,
    date,
    stale: stale === true,
    marketClosed: marketClosed === true,
  };
}

function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/** The spec's test-panel message for a status, else the server's message, else a default. */
export function messageForStatus(status: number, body: unknown): string | null {
  if (status >= 200 && status < 300) return null;
  switch (status) {
    case 401:
      return KEY_TESTER_MESSAGES.unauthorized;
    case 403:
      return KEY_TESTER_MESSAGES.forbidden;
    case 404:
      return KEY_TESTER_MESSAGES.notFound;
    case 429:
      return KEY_TESTER_MESSAGES.rateLimited;
    default:
      return serverMessage(body) ?? KEY_TESTER_MESSAGES.failed;
  }
}

export function outcomeOf(status: number, text: string): TestOutcome {
  let parsed: unknown;
  let body = text;
  try {
    parsed = JSON.parse(text);
    // Re-indented without ever becoming a double: 88.0000 stays 88.0000 and a 20-digit result keeps
    // its digits, as JSON.stringify(JSON.parse(…)) would not.
    body = stringifyLossless(parseLossless(text), null, 2) ?? text;
  } catch {
    parsed = undefined;
  }
  const ok = status >= 200 && status < 300;
  const upgrade = planRefusalOf(status, parsed);
  return {
    status,
    ok,
    message: messageForStatus(status, parsed),
    body,
    provenance: ok ? provenanceOf(parsed) : null,
    ...(upgrade ? { upgrade } : {}),
  };
}

export function noResponseOutcome(): TestOutcome {
  return { status: null, ok: false, message: KEY_TESTER_MESSAGES.noResponse, body: '', provenance: null };
}
