import { isRecord } from '@fxrates/rates';

/**
 * Checks on PayPal's JSON answers, field by field: an answer that breaks one was not written by the
 * PayPal we know (a bug, a proxy, an attacker on the path), so nothing is decided from it.
 * Hand-written rather than a schema library: the few fields we act on need no more, and the
 * worker, which shares libs/paypal, has no validation library among its dependencies.
 */

/** A problem with one field of an answer, by its path in the answer, e.g. `billing_info.next_billing_time`. */
export class AnswerFieldError extends Error {}

/**
 * PayPal's times are RFC 3339 date-times. Those outside these bounds cannot be a subscription's
 * (PayPal started in 1998) and would not fit the database or a JS Date either.
 */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const EARLIEST = Date.UTC(1998, 0, 1);
const LATEST = Date.UTC(2200, 0, 1);

type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'date-time';

const EXPECTED: Record<Kind, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  'date-time': 'an RFC 3339 time from 1998 to 2199',
};

const fail = (path: string, kind: Kind, value: unknown) =>
  new AnswerFieldError(
    `${path} is ${JSON.stringify(value)?.slice(0, 80) ?? 'undefined'}, not ${EXPECTED[kind]}`,
  );

function isKind(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
    case 'date-time': {
      if (typeof value !== 'string' || !RFC_3339.test(value)) return false;
      const time = Date.parse(value);
      return time >= EARLIEST && time < LATEST;
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === kind;
  }
}

/** Throws AnswerFieldError unless `value`, found at `path` in the answer, is of `kind`. */
export function expectValue(value: unknown, kind: Kind, path: string): void {
  if (!isKind(value, kind)) throw fail(path, kind, value);
}

/** Throws AnswerFieldError unless `record[key]` is of `kind`, or absent when `optional`. */
export function expectField(
  record: Record<string, unknown>,
  key: string,
  kind: Kind,
  { optional = false, at = '' }: { optional?: boolean; at?: string } = {},
): void {
  const value = record[key];
  if (value === undefined && optional) return;
  expectValue(value, kind, `${at}${key}`);
}

/** The object at `record[key]` when present (checked to be one), else undefined. */
export function optionalObject(
  record: Record<string, unknown>,
  key: string,
  at = '',
): Record<string, unknown> | undefined {
  expectField(record, key, 'object', { optional: true, at });
  return record[key] as Record<string, unknown> | undefined;
}

/** Throws AnswerFieldError unless the answer's `id` is the one we asked about. */
export function expectId(answer: Record<string, unknown>, askedId: string): void {
  if (answer.id !== askedId) {
    throw new AnswerFieldError(
      `id is ${JSON.stringify(answer.id)?.slice(0, 80) ?? 'undefined'}, not the ${askedId} asked for`,
    );
  }
}
