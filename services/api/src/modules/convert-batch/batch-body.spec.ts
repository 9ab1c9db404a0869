import { batchRowsOf, callsFor, jsonNumberText } from './batch-body';

const rowsOf = (text: string) => batchRowsOf(Buffer.from(text));

describe('a batch body', () => {
  it.each([
    [1, 1],
    [99, 1],
    [100, 1],
    [101, 2],
    [200, 2],
    [201, 3],
    [999, 10],
    [1_000, 10],
  ])('of %d rows counts as %d calls', (rows, calls) => {
    expect(callsFor(rows)).toBe(calls);
  });

  it('keeps every number as written, digits beyond a double and exponents included', () => {
    const [row] = rowsOf('{"rows":[{"amount":123456789012345678901234567890.10,"ref":1e400,"x":-0.5}]}');
    expect(jsonNumberText(row.amount)).toBe('123456789012345678901234567890.10');
    expect(jsonNumberText(row.ref)).toBe('1e400');
    expect(jsonNumberText(row.x)).toBe('-0.5');
  });

  it('leaves strings alone, escaped quotes and backslashes included', () => {
    const [row] = rowsOf('{"rows":[{"ref":"a \\"1\\" \\\\ 2","amount":"3"}]}');
    expect(row).toEqual({ ref: 'a "1" \\ 2', amount: '3' });
    expect(jsonNumberText(row.amount)).toBeUndefined();
  });

  it.each([
    ['', /empty/],
    ['5', /JSON object/],
    ['[]', /JSON object/],
    ['{"rows":[],"x":1}', /Unknown field "x"/],
    ['{"rows":{}}', /array of rows/],
    ['{"rows":[]}', /has 0 rows/],
    ['{"rows":[{},7]}', /Row 1 is not an object/],
    ['{"rows":[{},[]]}', /Row 1 is not an object/],
  ])('refuses %j whole', (text, message) => {
    expect(() => rowsOf(text)).toThrow(message);
  });
});
