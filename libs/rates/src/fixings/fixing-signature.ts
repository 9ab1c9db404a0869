import {
  calculateJwkThumbprint,
  CompactSign,
  compactVerify,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose';

export const FIXING_SIGNATURE_ALG = 'EdDSA';

/** A public signing key as the JWKS publishes it. */
export interface FixingPublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: typeof FIXING_SIGNATURE_ALG;
  use: 'sig';
}

/** A new Ed25519 key: its kid (the RFC 7638 thumbprint), the public JWK and the private JWK's JSON. */
export async function newFixingSigningKey(): Promise<{
  kid: string;
  publicJwk: FixingPublicJwk;
  privateJwkJson: string;
}> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = await exportJWK(privateKey);
  return {
    kid,
    publicJwk: { kty: 'OKP', crv: 'Ed25519', x: publicJwk.x!, kid, alg: FIXING_SIGNATURE_ALG, use: 'sig' },
    privateJwkJson: JSON.stringify({ ...privateJwk, kid }),
  };
}

/**
 * A detached compact JWS (RFC 7515 Appendix F) of `payload` (the canonical JSON bytes, base64url
 * encoded when re-attached, no `b64: false`): `<protected>..<signature>`, header `{alg, kid}`.
 */
export async function signDetached(payload: string, privateJwkJson: string, kid: string): Promise<string> {
  const key = await importJWK(JSON.parse(privateJwkJson) as JWK, FIXING_SIGNATURE_ALG);
  const jws = await new CompactSign(new TextEncoder().encode(payload))
    .setProtectedHeader({ alg: FIXING_SIGNATURE_ALG, kid })
    .sign(key);
  const [header, , signature] = jws.split('.');
  return `${header}..${signature}`;
}

/** The kid a detached JWS's protected header names, or undefined when it is not readable. */
export function jwsKid(jws: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(jws.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
      kid?: unknown;
    };
    return typeof header.kid === 'string' ? header.kid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `jws` (detached) is a valid EdDSA signature of `payload` by `publicJwk`. */
export async function verifyDetached(
  jws: string,
  payload: string,
  publicJwk: FixingPublicJwk,
): Promise<boolean> {
  const [header, middle, signature] = jws.split('.');
  if (header === undefined || middle !== '' || signature === undefined) return false;
  const attached = `${header}.${Buffer.from(payload, 'utf8').toString('base64url')}.${signature}`;
  try {
    const key = await importJWK(publicJwk as unknown as JWK, FIXING_SIGNATURE_ALG);
    await compactVerify(attached, key, { algorithms: [FIXING_SIGNATURE_ALG] });
    return true;
  } catch {
    // A signature that does not verify, whichever way jose says so, is simply not valid.
    return false;
  }
}
