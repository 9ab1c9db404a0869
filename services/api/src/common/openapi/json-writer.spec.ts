import { Type } from '@sinclair/typebox';
import {
  compileMembersWriter,
  compileWriter,
  decimalLiteral,
  SchemaMismatchError,
  WrittenJson,
  WrittenMembers,
} from './json-writer';

const Rate = decimalLiteral(Type.Unsafe<number | string>({ type: 'number' }), 'verbatim');
const Amount = decimalLiteral(Type.Unsafe<number | string>({ type: 'number' }), 'exact');

const Answer = Type.Object(
  {
    base: Type.String(),
    count: Type.Integer(),
    ratio: Type.Number(),
    stale: Type.Boolean(),
    minorUnits: Type.Unsafe<number | null>({ type: 'integer', nullable: true }),
    first: Type.Unsafe<string | null>({ type: 'string', nullable: true }),
    source: Type.Array(Type.String()),
    rate: Rate,
    amount: Amount,
    rates: Type.Object({}, { additionalProperties: Rate }),
    runs: Type.Array(
      Type.Object({ from: Type.String(), to: Type.String() }, { additionalProperties: false }),
    ),
    unit: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const value = {
  // Listed in another order than the schema's: the schema's order is what comes out.
  stale: false,
  base: 'USD',
  count: 3,
  ratio: 0.5,
  minorUnits: null,
  first: '2024-03-15',
  source: ['ecb', 'binance'],
  rate: '0.8802258808',
  amount: '320847.26',
  rates: new Map([
    ['EUR', '0.88'],
    ['GBP', '0.7614328001'],
  ]),
  runs: [{ to: '2024-03-18', from: '2024-03-15' }],
};

describe('compileWriter', () => {
  const writer = compileWriter(Answer);

  it('writes every member in the schema order, decimals as the very digits given', () => {
    expect(writer.write(value)).toBe(
      '{"base":"USD","count":3,"ratio":0.5,"stale":false,"minorUnits":null,"first":"2024-03-15",' +
        '"source":["ecb","binance"],"rate":0.8802258808,"amount":320847.26,' +
        '"rates":{"EUR":0.88,"GBP":0.7614328001},"runs":[{"from":"2024-03-15","to":"2024-03-18"}]}',
    );
  });

  it('writes an optional member only when it has a value', () => {
    expect(writer.write({ ...value, unit: 'ozt' })).toMatch(/,"unit":"ozt"}$/);
    expect(writer.write({ ...value, unit: undefined })).not.toContain('unit');
  });

  it('keeps decimals a double would round: a rate verbatim, an exact amount as a string', () => {
    const long = '320847.2612345678901';
    const written = writer.write({ ...value, rate: '0.12345678901234567891', amount: long });
    expect(written).toContain('"rate":0.12345678901234567891,');
    expect(written).toContain(`"amount":"${long}"`);
    expect(JSON.parse(written).amount).toBe(long);
  });

  it('writes every decimal as a string with numbers=string, and nothing else', () => {
    const written = writer.write(value, 'string');
    expect(written).toContain('"rate":"0.8802258808","amount":"320847.26"');
    expect(written).toContain('"rates":{"EUR":"0.88","GBP":"0.7614328001"}');
    expect(written).toContain('"count":3,"ratio":0.5');
  });

  it('escapes strings as JSON.stringify does', () => {
    const nasty = 'a"b\\c\n\u0001\u2028é\ud800😀';
    const written = writer.write({ ...value, base: nasty, rates: { [nasty]: '1' } });
    expect(written.startsWith(`{"base":${JSON.stringify(nasty)},`)).toBe(true);
    expect(written).toContain(`"rates":{${JSON.stringify(nasty)}:1}`);
    expect(JSON.parse(written).base).toBe(nasty);
  });

  it('writes a map from a plain object in its own order', () => {
    const written = compileWriter(Answer.properties.rates).write({ GBP: '0.76', EUR: '0.88' });
    expect(written).toBe('{"GBP":0.76,"EUR":0.88}');
  });

  it.each([
    ['a missing member', { ...value, base: undefined }, '$.base: expected a value'],
    ['a number for a string', { ...value, base: 1 }, '$.base: expected a string, got number'],
    ['a float for an integer', { ...value, count: 1.5 }, '$.count: expected an integer'],
    ['null where not nullable', { ...value, stale: null }, '$.stale: expected a boolean, got null'],
    ['a float for a decimal', { ...value, rate: 0.88 }, '$.rate: expected a plain decimal text'],
    ['an exponent for a decimal', { ...value, rate: '1e-7' }, '$.rate: expected a plain decimal text'],
    ['a string for an array', { ...value, source: 'ecb' }, '$.source: expected an array'],
    ['a wrong item', { ...value, source: ['ecb', 2] }, '$.source[1]: expected a string'],
    ['a wrong map member', { ...value, rates: { EUR: 1 } }, '$.rates.EUR: expected a plain decimal'],
    ['a member the schema does not name', { ...value, extra: 1 }, 'a member the schema does not name'],
    [
      'a member a nested schema does not name',
      { ...value, runs: [{ from: 'a', to: 'b', x: 1 }] },
      '$.runs[0]',
    ],
  ])('refuses %s', (_, wrong, message) => {
    expect(() => writer.write(wrong)).toThrow(SchemaMismatchError);
    expect(() => writer.write(wrong)).toThrow(message);
  });

  it('puts a kept fragment back where its own schema is, and nowhere else', () => {
    const rates = compileWriter(Answer.properties.rates);
    const kept = rates.fragment({ EUR: '0.88' });
    expect(kept).toBeInstanceOf(WrittenJson);
    expect(writer.write({ ...value, rates: kept })).toContain('"rates":{"EUR":0.88},');
    // A fragment of an equal schema that is not this one, or written for the other numbers format.
    const lookalike = compileWriter(Type.Object({}, { additionalProperties: Rate })).fragment({});
    expect(() => writer.write({ ...value, rates: lookalike })).toThrow(
      '$.rates: a fragment written for another schema',
    );
    expect(() => writer.write({ ...value, rates: kept }, 'string')).toThrow(SchemaMismatchError);
  });

  it('writes the text around a member written elsewhere', () => {
    const [head, tail] = writer.around(value, 'rates');
    expect(head).toMatch(/"amount":320847\.26,"rates":$/);
    expect(tail).toBe(',"runs":[{"from":"2024-03-15","to":"2024-03-18"}]}');
    expect(() => writer.around(value, 'nothing')).toThrow(SchemaMismatchError);
  });

  it('refuses at compile time a schema it has no writer for', () => {
    expect(() => compileWriter(Type.Union([Type.String(), Type.Number()]))).toThrow('no writer');
    expect(() =>
      compileWriter(Type.Object({ a: Type.String() }, { additionalProperties: Type.String() })),
    ).toThrow('both members and a map');
  });

  it('keeps the decimal marker out of the document: JSON of the schema is the plain schema', () => {
    expect(JSON.parse(JSON.stringify(Rate))).toEqual({ type: 'number' });
  });
});

describe('compileMembersWriter: an inline group of members, written once and put back', () => {
  const GROUP = { stale: Type.Boolean(), rate: Rate };
  const group = compileMembersWriter(GROUP);
  const Grouped = Type.Object(
    { base: Type.String(), ...GROUP, unit: Type.Optional(Type.String()) },
    { additionalProperties: false },
  );
  const writer = compileWriter(Grouped, { groups: [group] });
  const members = { stale: true, rate: '0.8802258808' };

  it('writes the same bytes from the fragment as from the members themselves', () => {
    const kept = group.fragment(members);
    expect(kept).toBeInstanceOf(WrittenMembers);
    expect(kept.text).toBe('"stale":true,"rate":0.8802258808');
    const whole = writer.write({ base: 'USD', ...members, unit: 'ozt' });
    expect(whole).toBe('{"base":"USD","stale":true,"rate":0.8802258808,"unit":"ozt"}');
    expect(writer.write({ base: 'USD', [group.key]: kept, unit: 'ozt' })).toBe(whole);
    expect(writer.write({ base: 'USD', [group.key]: group.fragment(members, 'string') }, 'string')).toBe(
      writer.write({ base: 'USD', ...members }, 'string'),
    );
  });

  it('writes a group that opens the object without a comma before it', () => {
    const First = Type.Object({ ...GROUP, base: Type.String() }, { additionalProperties: false });
    const first = compileWriter(First, { groups: [group] });
    expect(first.write({ [group.key]: group.fragment(members), base: 'EUR' })).toBe(
      '{"stale":true,"rate":0.8802258808,"base":"EUR"}',
    );
  });

  it("takes only this group's fragment, for the same numbers format, and no member besides it", () => {
    const lookalike = compileMembersWriter({ stale: Type.Boolean(), rate: Rate });
    const written = lookalike.fragment(members);
    expect(() => writer.write({ base: 'USD', [group.key]: written })).toThrow(
      '$.stale: members written for another group or numbers format',
    );
    expect(() => writer.write({ base: 'USD', [group.key]: group.fragment(members) }, 'string')).toThrow(
      SchemaMismatchError,
    );
    expect(() => writer.write({ base: 'USD', [group.key]: 'text' })).toThrow(SchemaMismatchError);
    // A member written twice, by the fragment and by name, is a member the schema does not expect.
    expect(() => writer.write({ base: 'USD', [group.key]: group.fragment(members), stale: true })).toThrow(
      'a member the schema does not name',
    );
  });

  it('refuses at compile time a group that is not a run of this very schema', () => {
    const copied = Type.Object({ base: Type.String(), stale: Type.Boolean(), rate: Rate });
    expect(() => compileWriter(copied, { groups: [group] })).toThrow('is not a run of required members');
    const apart = Type.Object({ stale: GROUP.stale, base: Type.String(), rate: GROUP.rate });
    expect(() => compileWriter(apart, { groups: [group] })).toThrow('is not a run of required members');
    const optional = Type.Unsafe({ type: 'object', properties: GROUP, required: ['rate'] });
    expect(() => compileWriter(optional, { groups: [group] })).toThrow('is not a run of required members');
    expect(() => compileWriter(Type.String(), { groups: [group] })).toThrow('members of an object');
  });
});
