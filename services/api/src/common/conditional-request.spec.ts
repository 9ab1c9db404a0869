import { matchesIfNoneMatch } from './conditional-request';

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
