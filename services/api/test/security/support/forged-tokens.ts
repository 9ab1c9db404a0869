import { randomUUID } from 'node:crypto';
import { sign, type Algorithm } from 'jsonwebtoken';
import { ACCESS_TOKEN } from '../../../src/modules/auth/access-tokens.service';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** What our access tokens carry (AccessTokensService), for a forger to vary one thing at a time. */
export interface Claims {
  sub: string;
  /** The session the token is for. */
  sid?: string;
  iss?: string;
  aud?: string;
  iat?: number;
  exp?: number;
}

const now = () => Math.floor(Date.now() / 1000);

/** Our claims for `sub`: issued now, valid 15 minutes; an override to undefined leaves a claim out. */
export function claimsFor(sub: string, overrides: Partial<Claims> = {}): Claims {
  const claims = {
    sub,
    iss: ACCESS_TOKEN.issuer,
    aud: ACCESS_TOKEN.audience,
    iat: now(),
    exp: now() + 900,
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(claims).filter(([, value]) => value !== undefined),
  ) as unknown as Claims;
}

/** A JWT with these claims signed with `secret`, under `alg` and `typ` (ours unless given). */
export function signed(
  claims: Claims,
  secret: string,
  header: { alg?: Algorithm; typ?: string } = {},
): string {
  const alg = header.alg ?? ACCESS_TOKEN.algorithm;
  return sign(claims as object, secret, {
    algorithm: alg,
    header: { alg, typ: header.typ ?? ACCESS_TOKEN.type },
  });
}

/** An unsigned JWT (`alg: none`), with an empty signature or none at all. */
export function unsigned(claims: Claims, alg = 'none'): string {
  return `${b64({ alg, typ: ACCESS_TOKEN.type })}.${b64(claims)}.`;
}

/** The session (`sid`) of a token we issued, for a forgery that keeps it. */
export function sessionOf(genuine: string): string {
  return (JSON.parse(Buffer.from(genuine.split('.')[1], 'base64url').toString()) as Claims).sid as string;
}

/** Another user's id in a token whose signature is one we made for ourselves. */
export function swappedSubject(genuine: string, sub: string): string {
  const [header, payload, signature] = genuine.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown as Claims;
  return `${header}.${b64({ ...claims, sub })}.${signature}`;
}

export { now as nowSeconds };

/**
 * Forgeries of an emailed link's token (`<row id>.<HMAC>`): a signature flipped or made up, a
 * genuine signature on another row, the id alone, garbage, and the token with a byte more.
 */
export function forgedLinkTokens(token: string): string[] {
  const [id, signature] = token.split('.');
  const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
  return [
    `${id}.${flipped}`,
    `${id}.${'A'.repeat(43)}`,
    `${randomUUID()}.${signature}`,
    id,
    'not-a-token',
    `${token}x`,
  ];
}
