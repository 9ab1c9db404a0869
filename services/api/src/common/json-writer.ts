import type { TSchema } from '@sinclair/typebox';
import type { NumbersFormat } from '@fxrates/domain';
import { survivesJsonParse } from '@fxrates/rates';

/*
 * Answers are written from the schema the OpenAPI document shows: `compileWriter` walks a schema
 * once and returns a function that writes a value of it as JSON, members in the schema's order.
 * Not JSON.stringify: a rate is an exact decimal that must come out as the very digits we hold, and
 * a float in between could change them; and not fast-json-stringify, which goes through floats for
 * numbers too. Compiled once per route at load, a call costs one closure per member.
 */

/** Marks a decimal field: its value is a plain decimal's text, written as a JSON number literal. */
export const DECIMAL_LITERAL = Symbol.for('fxrates.json-writer.decimal-literal');

/**
 * How a decimal field is written as a number: `verbatim`, the digits as they are (a displayed rate:
 * 10 significant digits, which every JSON parser keeps); `exact`, as a string when JSON.parse would
 * not read back this very value (an amount or result of any size). With `numbers=string` both are
 * strings.
 */
export type DecimalLiteralKind = 'verbatim' | 'exact';

/** `schema` (JSON Schema of the document, untouched) marked as a decimal literal of `kind`. */
export function decimalLiteral<T extends TSchema>(schema: T, kind: DecimalLiteralKind): T {
  // A symbol key: the OpenAPI document, written with JSON.stringify, never shows it.
  return Object.assign(schema, { [DECIMAL_LITERAL]: kind });
}

/**
 * JSON a writer wrote for one schema, to be kept (memoised per rates table) and put back into a
 * larger answer as is: the writer of the enclosing schema takes it only where that very schema is.
 */
export class WrittenJson {
  constructor(
    readonly schema: TSchema,
    readonly numbers: NumbersFormat,
    readonly text: string,
  ) {}
}

export interface JsonWriter {
  /** The schema it writes, which the OpenAPI document shows. */
  readonly schema: TSchema;
  /** `value` as JSON, decimals as `numbers` says. Throws on a value the schema does not describe. */
  write(value: unknown, numbers?: NumbersFormat): string;
  /** The same, kept as a fragment for a larger answer of a schema that contains this one. */
  fragment(value: unknown, numbers?: NumbersFormat): WrittenJson;
  /**
   * The object's JSON around the member `name`, whose value is written by someone else (a time
   * series' rates, written as bytes): the text before that value and the text after it.
   */
  around(value: Record<string, unknown>, name: string, numbers?: NumbersFormat): [string, string];
}

/** A value that does not fit the schema: a bug in the route, never the caller's. */
export class SchemaMismatchError extends Error {}

type Write = (value: unknown, at: string) => string;
type Schema = TSchema & Record<string | symbol, unknown>;

/** The compiled writer of `schema`. */
export function compileWriter(schema: TSchema): JsonWriter {
  const byFormat: Record<NumbersFormat, Write> = {
    number: compile(schema as Schema, 'number'),
    string: compile(schema as Schema, 'string'),
  };
  return {
    schema,
    write: (value, numbers = 'number') => byFormat[numbers](value, '$'),
    fragment: (value, numbers = 'number') => new WrittenJson(schema, numbers, byFormat[numbers](value, '$')),
    around(value, name, numbers = 'number') {
      const member = (schema as Schema).properties as Record<string, TSchema> | undefined;
      if (!member?.[name]) throw new SchemaMismatchError(`$.${name} is not a member of the schema`);
      // A control character never comes out of the writer unescaped: it marks where the value goes.
      const hole = new WrittenJson(member[name], numbers, '\u0000');
      const [before, after, ...more] = byFormat[numbers]({ ...value, [name]: hole }, '$').split('\u0000');
      if (after === undefined || more.length > 0) throw new SchemaMismatchError(`$.${name} was not written`);
      return [before, after];
    },
  };
}

function mismatch(at: string, expected: string, value: unknown): never {
  const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
  throw new SchemaMismatchError(`${at}: expected ${expected}, got ${got}`);
}

/** A schema's writer for one numbers format; a kept fragment of this very schema is taken as is. */
function compile(schema: Schema, numbers: NumbersFormat): Write {
  const write = compileValue(schema, numbers);
  const nullable = schema.nullable === true;
  return (value, at) => {
    if (value instanceof WrittenJson) {
      if (value.schema !== schema || value.numbers !== numbers)
        throw new SchemaMismatchError(`${at}: a fragment written for another schema or numbers format`);
      return value.text;
    }
    if (value === null && nullable) return 'null';
    return write(value, at);
  };
}

function compileValue(schema: Schema, numbers: NumbersFormat): Write {
  const decimal = schema[DECIMAL_LITERAL] as DecimalLiteralKind | undefined;
  if (decimal !== undefined) return decimalWriter(decimal, numbers);
  switch (schema.type) {
    case 'object':
      return objectWriter(schema, numbers);
    case 'array': {
      const item = compile(schema.items as Schema, numbers);
      return (value, at) => {
        if (!Array.isArray(value)) return mismatch(at, 'an array', value);
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + item(value[i], `${at}[${i}]`);
        return out + ']';
      };
    }
    case 'string':
      return (value, at) => (typeof value === 'string' ? quote(value) : mismatch(at, 'a string', value));
    case 'boolean':
      return (value, at) =>
        value === true ? 'true' : value === false ? 'false' : mismatch(at, 'a boolean', value);
    case 'integer':
      return (value, at) => (Number.isSafeInteger(value) ? String(value) : mismatch(at, 'an integer', value));
    case 'number':
      return (value, at) =>
        typeof value === 'number' && Number.isFinite(value) ? String(value) : mismatch(at, 'a number', value);
    default:
      throw new Error(`compileWriter: no writer for a schema of type ${JSON.stringify(schema.type)}`);
  }
}

/** Digits, an optional fraction, an optional sign: what a decimal literal may be. */
const PLAIN_DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

function decimalWriter(kind: DecimalLiteralKind, numbers: NumbersFormat): Write {
  const checked = (write: (decimal: string) => string): Write => {
    return (value, at) =>
      typeof value === 'string' && PLAIN_DECIMAL.test(value)
        ? write(value)
        : mismatch(at, 'a plain decimal text', value);
  };
  if (numbers === 'string') return checked((decimal) => `"${decimal}"`);
  if (kind === 'verbatim') return checked((decimal) => decimal);
  return checked((decimal) => (survivesJsonParse(decimal) ? decimal : `"${decimal}"`));
}

/**
 * An object of named members (in the schema's order; an optional one left out when undefined), or
 * a map whose every member has the `additionalProperties` schema (a plain object or a Map).
 */
function objectWriter(schema: Schema, numbers: NumbersFormat): Write {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  const additional = schema.additionalProperties;
  if (typeof additional === 'object') {
    if (properties.length > 0)
      throw new Error('compileWriter: an object with both members and a map is not supported');
    const member = compile(additional as Schema, numbers);
    return (value, at) => {
      let out = '{';
      let first = true;
      if (value instanceof Map) {
        for (const [key, entry] of value as Map<unknown, unknown>) {
          if (typeof key !== 'string') return mismatch(`${at} key`, 'a string', key);
          out += (first ? '' : ',') + quote(key) + ':' + member(entry, `${at}.${key}`);
          first = false;
        }
      } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        for (const key in value) {
          out += (first ? '' : ',') + quote(key) + ':' + member((value as never)[key], `${at}.${key}`);
          first = false;
        }
      } else return mismatch(at, 'an object or a Map', value);
      return out + '}';
    };
  }
  const required = new Set((schema.required ?? []) as string[]);
  const members = properties.map(([name, property]) => ({
    name,
    key: quote(name) + ':',
    required: required.has(name),
    write: compile(property, numbers),
  }));
  const closed = additional === false;
  return (value, at) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Map)
      return mismatch(at, 'an object', value);
    const record = value as Record<string, unknown>;
    let out = '{';
    let written = 0;
    for (const { name, key, required, write } of members) {
      const member = record[name];
      if (member === undefined) {
        if (required) return mismatch(`${at}.${name}`, 'a value', member);
        continue;
      }
      out += (written === 0 ? key : ',' + key) + write(member, `${at}.${name}`);
      written++;
    }
    // A member the schema does not name would be dropped without a word: say so instead.
    if (closed && written !== countDefined(record))
      throw new SchemaMismatchError(`${at}: a member the schema does not name`);
    return out + '}';
  };
}

function countDefined(record: Record<string, unknown>): number {
  let count = 0;
  for (const key in record) if (record[key] !== undefined) count++;
  return count;
}

/**
 * Whether JSON writes `text` with escapes: a quote, a backslash, a control character, or a
 * surrogate (JSON.stringify escapes a lone one; a pair it keeps, and is left to it too).
 */
function needsEscape(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return true;
  }
  return false;
}

/** A string as JSON: most are codes, days and ids, with nothing to escape. */
function quote(text: string): string {
  return needsEscape(text) ? JSON.stringify(text) : `"${text}"`;
}
