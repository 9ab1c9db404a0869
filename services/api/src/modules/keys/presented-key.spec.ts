import { presentedKey } from './presented-key';

describe('presentedKey', () => {
  it('takes X-API-Key first, then a Bearer token, and nothing else', () => {
    expect(presentedKey({ 'x-api-key': 'fxrates_a', authorization: 'Bearer fxrates_b' })).toBe('fxrates_a');
    expect(presentedKey({ authorization: 'Bearer fxrates_b' })).toBe('fxrates_b');
    expect(presentedKey({ authorization: 'bearer \tfxrates_b ' })).toBe('fxrates_b');
    expect(presentedKey({ authorization: 'Basic Zm9vOmJhcg==' })).toBeUndefined();
    expect(presentedKey({ authorization: 'Bearer a b' })).toBeUndefined();
    expect(presentedKey({ 'x-api-key': '' })).toBeUndefined();
    expect(presentedKey({})).toBeUndefined();
  });
});
