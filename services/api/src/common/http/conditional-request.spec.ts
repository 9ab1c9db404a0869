import { matchesIfNoneMatch, strongEtag } from './conditional-request';

describe('strongEtag', () => {
  it('is a quoted strong tag that changes with one byte of the body, and the same for text and bytes', () => {
    const etag = strongEtag('{"rate":0.88}');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(strongEtag('{"rate":0.89}')).not.toBe(etag);
    expect(strongEtag(Buffer.from('{"rate":0.88}'))).toBe(etag);
    expect(matchesIfNoneMatch(`W/${etag}`, etag)).toBe(true);
  });
});

describe('matchesIfNoneMatch', () => {
  const etag = '"ts-1a2b"';

  it.each([
    ['"ts-1a2b"', true],
    ['W/"ts-1a2b"', true],
    ['"other", "ts-1a2b"', true],
    ['"other",W/"ts-1a2b" ,"third"', true],
    ['*', true],
    [' * ', true],
    ['"ts-1a2"', false],
    ['"other"', false],
    ['ts-1a2b', false],
    ['"a,b", "ts-1a2b"', true],
    ['"a,b"', false],
    ['"other" junk "ts-1a2b"', false],
    ['', false],
  ])('%j against "ts-1a2b" → %s', (field, matches) => {
    expect(matchesIfNoneMatch(field, etag)).toBe(matches);
  });

  it('reads a field sent on several lines as one list', () => {
    expect(matchesIfNoneMatch(['"x"', 'W/"ts-1a2b"'], etag)).toBe(true);
    expect(matchesIfNoneMatch(['"x"', '"y"'], etag)).toBe(false);
  });

  it('compares weakly whichever side is weak', () => {
    expect(matchesIfNoneMatch('"v1"', 'W/"v1"')).toBe(true);
    expect(matchesIfNoneMatch('W/"v1"', 'W/"v1"')).toBe(true);
  });

  it('matches nothing without a field, and nothing with an entity-tag that is not one', () => {
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
    expect(matchesIfNoneMatch('"v1"', 'v1')).toBe(false);
  });
});
