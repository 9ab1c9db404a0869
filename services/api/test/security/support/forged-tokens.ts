import { sign, type Algorithm } from 'jsonwebtoken';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** What our access tokens carry (AccessTokensService), for a forger to vary one thing at a time. */
export interface Claims {
  sub: string;
  iss?: string;
  aud?: string;
  iat?: number;
  exp?: number;
}

export const ISSUER = 'fxrates-pro';
export const AUDIENCE = 'fxrates-api';

const now = () => Math.floor(Date.now() / 1000);

/** Our claims for `sub`: issued now, valid 15 minutes. */
export const claimsFor = (sub: string, overrides: Partial<Claims> = {}): Claims => ({
  sub,
  iss: ISSUER,
  aud: AUDIENCE,
  iat: now(),
  exp: now() + 900,
  ...overrides,
});

/** A JWT with these claims signed with `secret`, under `alg` and `typ` (ours: HS256, at+jwt). */
export function signed(
  claims: Claims,
  secret: string,
  header: { alg?: Algorithm; typ?: string } = {},
): string {
  const alg = header.alg ?? 'HS256';
  return sign(claims as object, secret, { algorithm: alg, header: { alg, typ: header.typ ?? 'at+jwt' } });
}

/** An unsigned JWT (`alg: none`), with an empty signature or none at all. */
export function unsigned(claims: Claims, alg = 'none'): string {
  return `${b64({ alg, typ: 'at+jwt' })}.${b64(claims)}.`;
}

/** Another user's id in a token whose signature is one we made for ourselves. */
export function swappedSubject(genuine: string, sub: string): string {
  const [header, payload, signature] = genuine.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Claims;
  return `${header}.${b64({ ...claims, sub })}.${signature}`;
}

export { now as nowSeconds };
