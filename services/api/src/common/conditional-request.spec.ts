import { ifNoneMatchHits, strongEtag } from './conditional-request';

describe('strongEtag', () => {
  it('is a quoted strong tag that changes with one byte of the body, and the same for text and bytes', () => {
    const etag = strongEtag('{"rate":0.88}');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(strongEtag('{"rate":0.89}')).not.toBe(etag);
    expect(strongEtag(Buffer.from('{"rate":0.88}'))).toBe(etag);
  });
});

describe('ifNoneMatchHits', () => {
  const etag = '"abc"';
  it.each([
    [undefined, false],
    ['', false],
    ['*', true],
    [' * ', true],
    ['"abc"', true],
    ['W/"abc"', true], // weak comparison
    ['"x", "abc"', true],
    ['"x","y"', false],
    ['"a,bc", "abc"', true], // a comma inside a tag is not a separator
    ['"a,bc"', false],
    ['abc', false], // unquoted: malformed, matches nothing
    ['"abc', false],
    [['"x"', '"abc"'], true],
  ])('%j → %s', (header, hit) => {
    expect(ifNoneMatchHits(header as string | string[] | undefined, etag)).toBe(hit);
  });

  it('matches a weak tag we never send by its opaque part too', () => {
    expect(ifNoneMatchHits('"abc"', 'W/"abc"')).toBe(true);
  });
});
