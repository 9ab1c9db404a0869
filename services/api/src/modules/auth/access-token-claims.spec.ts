import { ACCESS_TOKEN_TTL_SECONDS } from '@fxrates/domain';
import { userIdOfAccessToken } from './access-token-claims';

describe('userIdOfAccessToken', () => {
  const now = 1_750_000_000;
  const sub = '0b5b9a7e-3c1d-4e2f-8a9b-0c1d2e3f4a5b';
  const token = (payload: object, typ: unknown = 'at+jwt') => ({
    header: { typ },
    payload: { sub, iat: now, exp: now + ACCESS_TOKEN_TTL_SECONDS, ...payload },
  });

  it('accepts the claims the API issues, at the edges of the lifetime and the clock skew', () => {
    expect(userIdOfAccessToken(token({}), now)).toBe(sub);
    expect(userIdOfAccessToken(token({ iat: now + 30, exp: now + 30 + ACCESS_TOKEN_TTL_SECONDS }), now)).toBe(
      sub,
    );
  });

  it.each([
    ['another type', token({}, 'JWT')],
    ['a sub that is no UUID', token({ sub: 'admin' })],
    ['a sub that is a number', token({ sub: 7 })],
    ['no iat', token({ iat: undefined })],
    ['no exp', token({ exp: undefined })],
    ['a fractional exp', token({ exp: now + 60.5 })],
    ['a lifetime one second too long', token({ exp: now + ACCESS_TOKEN_TTL_SECONDS + 1 })],
    ['an exp at its iat', token({ exp: now })],
    ['an iat beyond the clock skew', token({ iat: now + 31, exp: now + 31 + 60 })],
  ])('refuses %s', (_name, decoded) => {
    expect(userIdOfAccessToken(decoded, now)).toBeUndefined();
  });
});
