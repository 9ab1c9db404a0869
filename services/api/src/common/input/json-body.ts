import { ErrorCode } from '@fxrates/domain';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { AppException } from '../errors';
import { BODY_LIMIT_BYTES, JSON_MAX_DEPTH } from './limits';

const FIELD_NAME_SHOWN = 64;

function fieldName(field: string): string {
  return field.length > FIELD_NAME_SHOWN ? `${field.slice(0, FIELD_NAME_SHOWN)}…` : field;
}

const notAllowed = (field: string) =>
  new AppException(ErrorCode.ValidationFailed, `Field "${fieldName(field)}" is not allowed here.`);

// PostgreSQL cannot store NUL in text or jsonb, and no form field of ours has one.
const nulInside = (field: string) =>
  new AppException(
    ErrorCode.ValidationFailed,
    `${field === '' ? 'The body' : `Field "${fieldName(field)}"`} contains a NUL character (\\u0000); remove it.`,
  );

/** A UTF-16 surrogate without its pair: text no valid UTF-8 could have carried, which validators choke on. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const illFormed = (field: string) =>
  new AppException(
    ErrorCode.ValidationFailed,
    `${field === '' ? 'The body' : `Field "${fieldName(field)}"`} is not valid Unicode (an unpaired surrogate escape such as \\ud800); send it as UTF-8 text.`,
  );

/** Why a string of the body is refused: a NUL, or an unpaired surrogate. */
function textRefusal(text: string, field: string): AppException | undefined {
  if (text.includes('\u0000')) return nulInside(field);
  if (LONE_SURROGATE.test(text)) return illFormed(field);
  return undefined;
}

const tooDeep = () =>
  new AppException(
    ErrorCode.ValidationFailed,
    `The JSON body nests deeper than ${JSON_MAX_DEPTH} levels; send a flatter body.`,
  );

/**
 * Why a parsed JSON body is refused, or undefined: nesting deeper than JSON_MAX_DEPTH, a NUL
 * character or an unpaired surrogate in a string or a name, or a `__proto__` or `constructor.prototype` member (which would
 * reach Object.prototype through any merge). One walk, without recursion, before anything else reads it.
 */
export function refusalOf(body: unknown): AppException | undefined {
  const pending: { value: unknown; depth: number; field: string }[] = [{ value: body, depth: 0, field: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth, field } = next;
    if (typeof value === 'string') {
      const refusal = textRefusal(value, field);
      if (refusal) return refusal;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth === JSON_MAX_DEPTH) return tooDeep();
    if (Array.isArray(value)) {
      for (const item of value) pending.push({ value: item, depth: depth + 1, field });
      continue;
    }
    for (const [name, member] of Object.entries(value)) {
      if (name === '__proto__') return notAllowed(name);
      const refusal = textRefusal(name, name);
      if (refusal) return refusal;
      if (
        name === 'constructor' &&
        member !== null &&
        typeof member === 'object' &&
        Object.hasOwn(member, 'prototype')
      ) {
        return notAllowed('constructor.prototype');
      }
      pending.push({ value: member, depth: depth + 1, field: name });
    }
  }
  return undefined;
}

/** The body as JSON, or throws the problem to answer. */
export function parseJsonBody(bytes: Buffer): unknown {
  if (bytes.length === 0) {
    throw new AppException(
      ErrorCode.InvalidJson,
      'The body is empty but its Content-Type says JSON: send a JSON object, or no Content-Type.',
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new AppException(
      ErrorCode.InvalidJson,
      'The body is not valid JSON: check its quotes, commas and brackets, and send it again.',
    );
  }
  const refusal = refusalOf(body);
  if (refusal) throw refusal;
  return body;
}

/** A route that reads less than BODY_LIMIT_BYTES: bigger bodies are refused unread (413). */
export const BodyLimit = (bytes: number): MethodDecorator => RouteConfig({ bodyLimit: bytes });

/**
 * JSON is the only body the API reads: every other media type is 415, so no HTML form can post to it
 * across sites without a CORS preflight. The raw bytes stay on the request (`rawBody`): PayPal's
 * webhook signature covers them exactly.
 */
export function registerJsonBodyParser(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
    (request, bytes: Buffer, done) => {
      (request as { rawBody?: Buffer }).rawBody = bytes;
      try {
        done(null, parseJsonBody(bytes));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    if (typeof limit === 'number') route.bodyLimit = limit;
  });
}
