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
export class SchemaMismatchError extends Error {
  /** The same error, its path's item or map member placeholder (`$.a[]`, `$.m.*`) named. */
  naming(placeholder: string, actual: string): SchemaMismatchError {
    return this.message.startsWith(placeholder)
      ? new SchemaMismatchError(actual + this.message.slice(placeholder.length))
      : this;
  }
}

/**
 * Writes one value. Its path in the answer (for the error of a mismatch) is fixed when compiled, so
 * a call builds no path: an array's item or a map's member is named only once one fails.
 */
type Write = (value: unknown) => string;
type Schema = TSchema & Record<string | symbol, unknown>;

/**
 * Members written once and put back into many answers (where the rates come from, the same for every
 * answer reaching the same sources): the text of a run of members, `"a":1,"b":2`, without braces.
 */
export class WrittenMembers<M extends MemberSchemas = MemberSchemas> {
  constructor(
    readonly group: MembersWriter<M>,
    readonly numbers: NumbersFormat,
    readonly text: string,
  ) {}
}

export type MemberSchemas = Readonly<Record<string, TSchema>>;

/**
 * The writer of an inline group: member schemas spread into the objects of several answers (`{ a,
 * ...GROUP, b }`). Its fragment goes into the value of such an answer under `key`, in place of the
 * members themselves, and only a writer compiled with this very group (whose schema holds these very
 * member schemas, in this order) takes it.
 */
export interface MembersWriter<M extends MemberSchemas = MemberSchemas> {
  readonly members: M;
  /** Where an answer's value carries this group's fragment. */
  readonly key: symbol;
  fragment(value: object, numbers?: NumbersFormat): WrittenMembers<M>;
}

/** The writer of the members `members`, all required, for a fragment of an enclosing answer. */
export function compileMembersWriter<M extends MemberSchemas>(members: M): MembersWriter<M> {
  const whole = compileWriter({
    type: 'object',
    properties: members,
    required: Object.keys(members),
    additionalProperties: false,
  } as unknown as TSchema);
  const group: MembersWriter<M> = {
    members,
    key: Symbol('written members'),
    fragment: (value, numbers = 'number') =>
      new WrittenMembers(group, numbers, whole.write(value, numbers).slice(1, -1)),
  };
  return group;
}

export interface WriterOptions {
  /** Inline groups whose members a value may give as one written fragment. */
  groups?: readonly MembersWriter[];
}

/** The compiled writer of `schema`. */
export function compileWriter(schema: TSchema, options: WriterOptions = {}): JsonWriter {
  const groups = options.groups ?? [];
  if (groups.length > 0 && (schema as Schema).type !== 'object')
    throw new Error('compileWriter: inline groups are members of an object');
  const byFormat: Record<NumbersFormat, Write> = {
    number: compile(schema as Schema, 'number', '$', groups),
    string: compile(schema as Schema, 'string', '$', groups),
  };
  return {
    schema,
    write: (value, numbers = 'number') => byFormat[numbers](value),
    fragment: (value, numbers = 'number') => new WrittenJson(schema, numbers, byFormat[numbers](value)),
    around(value, name, numbers = 'number') {
      const member = (schema as Schema).properties as Record<string, TSchema> | undefined;
      if (!member?.[name]) throw new SchemaMismatchError(`$.${name} is not a member of the schema`);
      // A control character never comes out of the writer unescaped: it marks where the value goes.
      const hole = new WrittenJson(member[name], numbers, '\u0000');
      const [before, after, ...more] = byFormat[numbers]({ ...value, [name]: hole }).split('\u0000');
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
function compile(
  schema: Schema,
  numbers: NumbersFormat,
  at: string,
  groups: readonly MembersWriter[] = [],
): Write {
  const write = compileValue(schema, numbers, at, groups);
  const nullable = schema.nullable === true;
  // Only an object or an array is worth keeping written: a scalar goes straight to its writer.
  const keepable = (schema.type === 'object' || schema.type === 'array') && !schema[DECIMAL_LITERAL];
  if (!keepable) return nullable ? (value) => (value === null ? 'null' : write(value)) : write;
  return (value) => {
    if (value instanceof WrittenJson) {
      if (value.schema !== schema || value.numbers !== numbers)
        throw new SchemaMismatchError(`${at}: a fragment written for another schema or numbers format`);
      return value.text;
    }
    if (value === null && nullable) return 'null';
    return write(value);
  };
}

function compileValue(
  schema: Schema,
  numbers: NumbersFormat,
  at: string,
  groups: readonly MembersWriter[],
): Write {
  const decimal = schema[DECIMAL_LITERAL] as DecimalLiteralKind | undefined;
  if (decimal !== undefined) return decimalWriter(decimal, numbers, at);
  switch (schema.type) {
    case 'object':
      return objectWriter(schema, numbers, at, groups);
    case 'array':
      return arrayWriter(compile(schema.items as Schema, numbers, `${at}[]`), at);
    case 'string':
      return (value) => (typeof value === 'string' ? quote(value) : mismatch(at, 'a string', value));
    case 'boolean':
      return (value) =>
        value === true ? 'true' : value === false ? 'false' : mismatch(at, 'a boolean', value);
    case 'integer':
      return (value) => (Number.isSafeInteger(value) ? String(value) : mismatch(at, 'an integer', value));
    case 'number':
      return (value) =>
        typeof value === 'number' && Number.isFinite(value) ? String(value) : mismatch(at, 'a number', value);
    default:
      throw new Error(`compileWriter: no writer for a schema of type ${JSON.stringify(schema.type)}`);
  }
}

function arrayWriter(item: Write, at: string): Write {
  return (value) => {
    if (!Array.isArray(value)) return mismatch(at, 'an array', value);
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      try {
        out += (i === 0 ? '' : ',') + item(value[i]);
      } catch (error) {
        throw error instanceof SchemaMismatchError ? error.naming(`${at}[]`, `${at}[${i}]`) : error;
      }
    }
    return out + ']';
  };
}

function decimalWriter(kind: DecimalLiteralKind, numbers: NumbersFormat, at: string): Write {
  const checked = (write: (decimal: string) => string): Write => {
    return (value) =>
      typeof value === 'string' && isPlainDecimal(value)
        ? write(value)
        : mismatch(at, 'a plain decimal text', value);
  };
  if (numbers === 'string') return checked((decimal) => `"${decimal}"`);
  if (kind === 'verbatim') return checked((decimal) => decimal);
  return checked((decimal) => (survivesJsonParse(decimal) ? decimal : `"${decimal}"`));
}

/** Digits, an optional fraction, an optional leading minus: what a decimal literal may be. */
function isPlainDecimal(text: string): boolean {
  let i = text.charCodeAt(0) === 0x2d ? 1 : 0;
  const digitsFrom = i;
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  if (i === digitsFrom) return false;
  if (i === text.length) return true;
  if (text.charCodeAt(i) !== 0x2e || i === text.length - 1) return false;
  for (i++; i < text.length; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/**
 * An object of named members (in the schema's order; an optional one left out when undefined), or
 * a map whose every member has the `additionalProperties` schema (a plain object or a Map).
 */
function objectWriter(
  schema: Schema,
  numbers: NumbersFormat,
  at: string,
  groups: readonly MembersWriter[],
): Write {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  const additional = schema.additionalProperties;
  if (typeof additional === 'object') {
    if (properties.length > 0)
      throw new Error('compileWriter: an object with both members and a map is not supported');
    return mapWriter(compile(additional as Schema, numbers, `${at}.*`), at);
  }
  const required = new Set((schema.required ?? []) as string[]);
  const members = properties.map(([name, property]) => ({
    name,
    required: required.has(name),
    inline: inlineKind(property),
    write: compile(property, numbers, `${at}.${name}`),
  }));
  const runs = groups.map((group) => groupRun(group, properties, required));
  const write = unrolledMembers(members, runs, numbers, additional === false, at);
  return (value) =>
    typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Map
      ? mismatch(at, 'an object', value)
      : write(value as Record<string, unknown>);
}

/** Where an inline group's members are, one after another and required, in an object's members. */
interface GroupRun {
  group: MembersWriter;
  from: number;
  to: number;
}

/**
 * Refuses at compile time a group that is not a run of this object's very member schemas (an equal
 * copy is not enough: the fragment must have been written from what the document shows here).
 */
function groupRun(
  group: MembersWriter,
  properties: readonly [string, Schema][],
  required: ReadonlySet<string>,
): GroupRun {
  const names = Object.keys(group.members);
  const from = properties.findIndex(([name]) => name === names[0]);
  const fits =
    names.length > 0 &&
    from >= 0 &&
    names.every((name, i) => {
      const member = properties[from + i];
      return member?.[0] === name && member[1] === group.members[name] && required.has(name);
    });
  if (!fits)
    throw new Error(
      `compileWriter: the group (${names.join(', ')}) is not a run of required members of this schema`,
    );
  return { group, from, to: from + names.length };
}

/** A member whose writing goes into the generated code (its writer then only says what is wrong). */
type InlineKind = 'string' | 'boolean' | 'none';

const INLINE: Record<InlineKind, string> = {
  string: "typeof x === 'string' ? JSON.stringify(x) : ",
  boolean: "x === true ? 'true' : x === false ? 'false' : ",
  none: '',
};

function inlineKind(schema: Schema): InlineKind {
  if (schema[DECIMAL_LITERAL] !== undefined || schema.nullable === true) return 'none';
  return schema.type === 'string' ? 'string' : schema.type === 'boolean' ? 'boolean' : 'none';
}

/**
 * The members of an object, one statement each, generated from the schema once: every member read
 * by its own name (a keyed read in a loop over names would go through the object's dictionary each
 * time, as the shapes of the answers differ) and written with its own writer. Only names and keys
 * of the schema go into the code, each as a JSON string literal.
 */
function unrolledMembers(
  members: readonly { name: string; required: boolean; inline: InlineKind; write: Write }[],
  runs: readonly GroupRun[],
  numbers: NumbersFormat,
  closed: boolean,
  at: string,
): (record: Record<string, unknown>) => string {
  const statements = members.map(({ name, required, inline }, i) => {
    const key = JSON.stringify(quote(name) + ':');
    const afterOthers = JSON.stringify(',' + quote(name) + ':');
    const value = `${INLINE[inline]}writers[${i}](x)`;
    const written = `out += (count === 0 ? ${key} : ${afterOthers}) + (${value}); count++;`;
    const read = `x = record[${JSON.stringify(name)}];`;
    return required
      ? `${read} if (x === undefined) return missing(${i}); ${written}`
      : `${read} if (x !== undefined) { ${written} } else if (${JSON.stringify(name)} in record) unset++;`;
  });
  // A group's members are written from its fragment when the value carries one, else one by one;
  // `grouped` counts the fragments, which stand for members the value does not name.
  const body: string[] = [];
  for (let i = 0; i < members.length; i++) {
    const g = runs.findIndex((run) => run.from === i);
    if (g < 0) {
      body.push(statements[i]);
      continue;
    }
    const { to } = runs[g];
    body.push(
      `x = record[keys[${g}]]; if (x !== undefined) { out += (count === 0 ? '' : ',') + written(${g}, x); count++; grouped++; } else { ${statements.slice(i, to).join('\n')} }`,
    );
    i = to - 1;
  }
  // Every key of the value accounted for (written, or an optional member given as undefined): no
  // other member. Counting keys reads no value, which costs less than countDefined's keyed reads of
  // answers of many shapes; only a value with some other key goes on to the check itself.
  const check = closed
    ? `let present = 0; for (const key in record) present++;
       if (present !== count - grouped + unset && count - grouped !== countDefined(record)) return extra();`
    : '';
  const source = `return (record) => { let out = '{', count = 0, grouped = 0, unset = 0, x; ${body.join('\n')} ${check} return out + '}'; };`;
  const make = new Function('writers', 'missing', 'extra', 'countDefined', 'keys', 'written', source) as (
    ...parts: unknown[]
  ) => (record: Record<string, unknown>) => string;
  return make(
    members.map(({ write }) => write),
    (i: number) => mismatch(`${at}.${members[i].name}`, 'a value', undefined),
    () => {
      // A member the schema does not name would be dropped without a word: say so instead.
      throw new SchemaMismatchError(`${at}: a member the schema does not name`);
    },
    countDefined,
    runs.map(({ group }) => group.key),
    (g: number, fragment: unknown) => {
      const { group, from } = runs[g];
      if (!(fragment instanceof WrittenMembers) || fragment.group !== group || fragment.numbers !== numbers)
        throw new SchemaMismatchError(
          `${at}.${members[from].name}: members written for another group or numbers format`,
        );
      return fragment.text;
    },
  );
}

/** A map: every member written with `member`, from a Map or a plain object, in its own order. */
function mapWriter(member: Write, at: string): Write {
  const named = (error: unknown, key: string) =>
    error instanceof SchemaMismatchError ? error.naming(`${at}.*`, `${at}.${key}`) : error;
  return (value) => {
    let out = '{';
    let first = true;
    if (value instanceof Map) {
      for (const [key, entry] of value as Map<unknown, unknown>) {
        if (typeof key !== 'string') return mismatch(`${at} key`, 'a string', key);
        try {
          out += (first ? '' : ',') + quote(key) + ':' + member(entry);
        } catch (error) {
          throw named(error, key);
        }
        first = false;
      }
    } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const key in value) {
        try {
          out += (first ? '' : ',') + quote(key) + ':' + member((value as Record<string, unknown>)[key]);
        } catch (error) {
          throw named(error, key);
        }
        first = false;
      }
    } else return mismatch(at, 'an object or a Map', value);
    return out + '}';
  };
}

function countDefined(record: Record<string, unknown>): number {
  let count = 0;
  for (const key in record) if (record[key] !== undefined) count++;
  return count;
}

/** A string as JSON.stringify writes it (its native path is as fast as any check before it). */
const quote = (text: string): string => JSON.stringify(text);
