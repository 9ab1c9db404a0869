import { hasKeyPrefix, maskApiKey, normalizeApiKeyInput } from './api-key-input';
import { messageForStatus, noResponseOutcome, outcomeOf, provenanceOf } from './test-outcome';

const PREFIX = 'fxrates_';
const HEX = '0123456789abcdef0123456789abcdef';

describe('the key field', () => {
  it.each([
    [HEX, `${PREFIX}${HEX}`],
    [`  ${PREFIX}${HEX} `, `${PREFIX}${HEX}`],
    [`fxpro_${HEX}`, `${PREFIX}${HEX}`],
    ['', ''],
    ['fxrates', 'fxrates'], // still typing the prefix: left alone
    ['some-key!', 'some-key!'], // not a bare key: validation will say what is wrong
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalizeApiKeyInput(raw, PREFIX)).toBe(expected);
  });

  it('accepts only keys with the prefix and something after it', () => {
    expect(hasKeyPrefix(`${PREFIX}${HEX}`, PREFIX)).toBe(true);
    expect(hasKeyPrefix(PREFIX, PREFIX)).toBe(false);
    expect(hasKeyPrefix(`other_${HEX}`, PREFIX)).toBe(false);
  });

  it('masks all but the prefix and the last 4 characters', () => {
    expect(maskApiKey(`${PREFIX}${HEX}`, PREFIX)).toBe(`${PREFIX}••••••••cdef`);
    expect(maskApiKey(`${PREFIX}ab`, PREFIX)).toBe(`${PREFIX}••••`);
  });
});

describe('the tester outcome', () => {
  it.each([
    [401, 'Invalid or missing API key'],
    [403, 'API key unauthorized'],
    [404, 'Invalid endpoint or service unavailable'],
    [429, 'Rate limit exceeded'],
  ])('shows the spec text for %i', (status, text) => {
    expect(messageForStatus(status, { message: 'server says' })).toBe(text);
  });

  it("shows the server's message for other errors, else a default, and nothing on success", () => {
    expect(messageForStatus(400, { message: 'Query parameter "to" is required.' })).toBe(
      'Query parameter "to" is required.',
    );
    expect(messageForStatus(500, 'not json')).toBe('API request failed');
    expect(messageForStatus(200, {})).toBeNull();
  });

  it('shows every number digit for digit, as the server computed it', () => {
    const text =
      '{"amount":999999999999999.99,"result":18016343107129999819.8366,"rate":88.0000,"tiny":1e-7}';
    expect(outcomeOf(200, text).body).toBe(
      '{\n  "amount": 999999999999999.99,\n  "result": 18016343107129999819.8366,\n  "rate": 88.0000,\n  "tiny": 1e-7\n}',
    );
  });

  it('pretty-prints JSON bodies and keeps other text as is', () => {
    expect(outcomeOf(200, '{"rate":0.88}')).toEqual({
      status: 200,
      ok: true,
      message: null,
      body: '{\n  "rate": 0.88\n}',
      provenance: null,
    });
    expect(outcomeOf(502, 'Bad gateway').body).toBe('Bad gateway');
    expect(noResponseOutcome()).toMatchObject({ status: null, message: 'Failed to test API key' });
  });

  it('reads where the rates of an answer come from, in the public API and converter forms', () => {
    const ecb = { timestamp: '2026-11-27T15:00:00.000Z', date: '2026-11-27' };
    expect(
      outcomeOf(200, JSON.stringify({ rate: 0.88, source: ['ecb', 'binance'], ...ecb, stale: false }))
        .provenance,
    ).toEqual({ source: 'ecb,binance', ...ecb, stale: false, marketClosed: false });
    expect(provenanceOf({ source: 'ecb', ...ecb, marketClosed: true })).toEqual({
      source: 'ecb',
      ...ecb,
      stale: false,
      marketClosed: true,
    });
    // Not a rates answer, or an error: nothing to say.
    expect(provenanceOf({ used: 3, limit: 1000 })).toBeNull();
    expect(provenanceOf({ source: [], ...ecb })).toBeNull();
    expect(provenanceOf({ source: [1], ...ecb })).toBeNull();
    expect(provenanceOf({ source: 'ecb', date: ecb.date })).toBeNull();
    expect(outcomeOf(403, JSON.stringify({ source: 'ecb', ...ecb })).provenance).toBeNull();
  });
});
