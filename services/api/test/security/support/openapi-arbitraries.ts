import fc from 'fast-check';

/** The parts of an OpenAPI 3 schema object the generator reads. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  example?: unknown;
}

/**
 * Strings that have broken parsers, validators and databases before: empty and blank, very long,
 * NUL and control characters, lone surrogates, path traversal, SQL and markup injection, prototype
 * keys, numbers JavaScript cannot hold, malformed percent-encoding, format look-alikes.
 */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\t\n',
  'a'.repeat(10_000),
  '\u0000',
  'USD\u0000',
  '%00',
  '%ZZ',
  '%',
  '\uD800',
  '💥🔥',
  'İ',
  '../../../../etc/passwd',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '-1',
  '0',
  '9'.repeat(400),
  '0.000000000000000000000000001',
  '1,2,3',
  ',,,',
  'USD,'.repeat(2_000),
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  '2024-13-01T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  'fxrates_' + '0'.repeat(32),
  'user@',
  '@example.com',
  'a@b.c' + 'd'.repeat(300),
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const anyString = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }));

/** Values that are valid JSON but of no type a schema expects: the wrong-type half of an attack. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 1, [], {}, [[]], [null]),
  hostileString,
  fc.constant(JSON.parse('{"__proto__": {"isAdmin": true}}')),
  fc.constant({ constructor: { prototype: { polluted: true } } }),
  fc.jsonValue({ maxDepth: 3 }),
);

export class SchemaArbitraries {
  constructor(private readonly components: Record<string, Schema>) {}

  private resolve(schema: Schema): Schema {
    let current = schema;
    for (let hops = 0; current.$ref && hops < 10; hops++) {
      current = this.components[current.$ref.replace('#/components/schemas/', '')] ?? {};
    }
    return current;
  }

  /** A value the schema allows, as best a generator can tell (patterns are approximated). */
  valid(input: Schema, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    const variants = schema.oneOf ?? schema.anyOf;
    if (variants?.length) return fc.oneof(...variants.map((variant) => this.valid(variant, depth + 1)));
    if (schema.allOf?.length)
      return this.valid(Object.assign({}, ...schema.allOf.map((s) => this.resolve(s))));
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    switch (type) {
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000 });
      case 'number':
        return fc.double({
          min: schema.minimum ?? -1e6,
          max: schema.maximum ?? 1e12,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 3
          ? fc.constant([])
          : fc.array(this.valid(schema.items ?? {}, depth + 1), { maxLength: 4 });
      case 'object': {
        if (depth > 3 || !schema.properties) return fc.constant({});
        const shape = Object.fromEntries(
          Object.entries(schema.properties).map(([name, property]) => [
            name,
            this.valid(property, depth + 1),
          ]),
        );
        return fc.record(shape, { requiredKeys: schema.required ?? [] });
      }
      default:
        return this.validString(schema);
    }
  }

  private validString(schema: Schema): fc.Arbitrary<unknown> {
    if (schema.example !== undefined && typeof schema.example === 'string') {
      return fc.oneof(fc.constant(schema.example), anyString);
    }
    if (schema.format === 'date') {
      return fc
        .date({ min: new Date('1998-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    }
    if (schema.format === 'email') return fc.emailAddress();
    if (schema.format === 'uuid') return fc.uuid();
    if (schema.pattern) {
      try {
        return fc.stringMatching(new RegExp(schema.pattern));
      } catch {
        return anyString;
      }
    }
    return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) });
  }

  /** Mostly what the schema allows, sometimes hostile: each field on its own. */
  value(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
    const resolved = this.resolve(schema);
    if (resolved.type === 'object' && resolved.properties && depth < 3) {
      const shape = Object.fromEntries(
        Object.entries(resolved.properties).map(([name, property]) => [
          name,
          this.value(property, depth + 1),
        ]),
      );
      return fc.oneof(
        { weight: 4, arbitrary: fc.record(shape, { requiredKeys: resolved.required ?? [] }) },
        { weight: 1, arbitrary: hostileJson },
      );
    }
    return fc.oneof(
      { weight: 3, arbitrary: this.valid(resolved, depth) },
      { weight: 1, arbitrary: hostileJson },
    );
  }

  /** A parameter's text: what the schema allows, any string, or a hostile one. */
  text(schema: Schema): fc.Arbitrary<string> {
    return fc.oneof(
      { weight: 3, arbitrary: this.valid(schema).map((value) => String(value)) },
      { weight: 1, arbitrary: anyString },
      { weight: 2, arbitrary: hostileString },
    );
  }
}
