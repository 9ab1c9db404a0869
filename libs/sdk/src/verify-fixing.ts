import { canonicalJson } from './canonical-json';

/** Where a fixing's rate of one currency came from. */
export interface FixingProvenance {
  source: string;
  /** When the source published the rate (ISO 8601). */
  timestamp: string;
  date: string;
}

/** The detached JWS of a fixing (RFC 7515 Appendix F): `<protected header>..<signature>`. */
export interface FixingSignature {
  alg: 'EdDSA';
  kid: string;
  jws: string;
}

/**
 * A fixing as `GET /api/v1/fixings/{id}` answers it: the rates frozen at a cut, signed. The signature
 * covers the RFC 8785 canonical JSON of every other member, so verification takes the document as
 * answered, members this type does not name included.
 */
export interface SignedFixing {
  /** `fix_<cut>_<YYYYMMDD>`, e.g. `fix_LDN1600_20260329`. */
  id: string;
  cut: string;
  /** The cut's local day, YYYY-MM-DD. */
  date: string;
  cutAt: string;
  base: 'USD';
  /** Units per 1 USD, as exact decimal strings. */
  rates: Record<string, string>;
  provenance: Record<string, FixingProvenance>;
  tableVersion: string;
  frozenAt: string;
  publisher: 'FXRates fixings';
  signature: FixingSignature;
}

/** One public key of `/.well-known/jwks.json` (RFC 8037: an Ed25519 key is an OKP key with `x`). */
export interface FixingJwk {
  kty: string;
  crv?: string;
  x?: string;
  kid?: string;
  alg?: string;
  use?: string;
}

/** The JSON Web Key Set published at `/.well-known/jwks.json`: current and retired signing keys. */
export interface FixingJwks {
  keys: FixingJwk[];
}

/** Why a fixing did not verify. */
export type FixingVerificationFailure =
  /** Not a fixing document: no `signature.jws`, or a value JSON cannot hold. */
  | 'malformed-document'
  /** `jws` is not `<base64url header>..<base64url signature>` with a JSON header. */
  | 'malformed-jws'
  /** The header asks for another algorithm than EdDSA, or for extensions (`crit`) this SDK lacks. */
  | 'unsupported-algorithm'
  /** The document's `signature.kid` is not the kid its signed header names. */
  | 'kid-mismatch'
  /** No Ed25519 signing key of the JWKS has the header's kid. */
  | 'unknown-kid'
  /** The key of that kid cannot be used (not a valid Ed25519 public key, or WebCrypto lacks Ed25519). */
  | 'invalid-key'
  /** The signature does not match the document: it was changed after signing, or signed by another key. */
  | 'bad-signature';

export type FixingVerification =
  { valid: true; kid: string } | { valid: false; reason: FixingVerificationFailure; detail: string };

const fail = (reason: FixingVerificationFailure, detail: string): FixingVerification => ({
  valid: false,
  reason,
  detail,
});

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> {
  if (!BASE64URL.test(text) || text.length % 4 === 1) throw new TypeError('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

interface ProtectedHeader {
  alg?: unknown;
  kid?: unknown;
  crit?: unknown;
}

function readHeader(encoded: string): ProtectedHeader | undefined {
  try {
    const header: unknown = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(base64UrlDecode(encoded)),
    );
    return typeof header === 'object' && header !== null && !Array.isArray(header)
      ? (header as ProtectedHeader)
      : undefined;
  } catch {
    // Not base64url, not UTF-8 or not JSON: all three are a malformed JWS, said by the caller.
    return undefined;
  }
}

const isEd25519SigningKey = (key: FixingJwk) =>
  key.kty === 'OKP' &&
  key.crv === 'Ed25519' &&
  typeof key.x === 'string' &&
  (key.use === undefined || key.use === 'sig') &&
  (key.alg === undefined || key.alg === 'EdDSA');

/**
 * Verifies a fixing offline against a JWKS (`/.well-known/jwks.json`, fetched once and kept): the
 * detached JWS in `signature.jws` must be an EdDSA (Ed25519) signature, by the key its header's `kid`
 * names, of the RFC 8785 canonical JSON of the document without `signature`. Any changed member, a
 * single digit of a rate included, fails it.
 *
 * Uses WebCrypto's Ed25519 (Node 22.12+, current browsers). Resolves to `{ valid: true, kid }` or to
 * `{ valid: false, reason, detail }`; it never rejects for a bad document or key.
 */
export async function verifyFixing(fixing: unknown, jwks: FixingJwks): Promise<FixingVerification> {
  if (typeof fixing !== 'object' || fixing === null || Array.isArray(fixing))
    return fail('malformed-document', 'A fixing is a JSON object.');
  const { signature, ...document } = fixing as Record<string, unknown>;
  const jws = (signature as Partial<FixingSignature> | undefined)?.jws;
  if (typeof jws !== 'string') return fail('malformed-document', 'The fixing has no signature.jws.');

  const parts = jws.split('.');
  if (parts.length !== 3 || parts[1] !== '' || parts[0] === '' || parts[2] === '')
    return fail('malformed-jws', 'signature.jws is not a detached compact JWS (<header>..<signature>).');
  const [encodedHeader, , encodedSignature] = parts;
  const header = readHeader(encodedHeader);
  if (!header) return fail('malformed-jws', "The JWS's protected header is not base64url JSON.");
  let signatureBytes: Uint8Array<ArrayBuffer>;
  try {
    signatureBytes = base64UrlDecode(encodedSignature);
  } catch {
    return fail('malformed-jws', "The JWS's signature is not base64url.");
  }
  if (header.alg !== 'EdDSA')
    return fail('unsupported-algorithm', `The JWS is signed with ${String(header.alg)}, not EdDSA.`);
  if (header.crit !== undefined)
    return fail('unsupported-algorithm', 'The JWS names critical header extensions (crit).');
  if (typeof header.kid !== 'string' || header.kid === '')
    return fail('malformed-jws', "The JWS's protected header names no kid.");
  const { kid } = header;
  const statedKid = (signature as Partial<FixingSignature>).kid;
  if (statedKid !== undefined && statedKid !== kid)
    return fail('kid-mismatch', `signature.kid is ${String(statedKid)}, the signed header's kid is ${kid}.`);

  const jwk = (Array.isArray(jwks?.keys) ? jwks.keys : []).find(
    (key) => key?.kid === kid && isEd25519SigningKey(key),
  );
  if (!jwk) return fail('unknown-kid', `No Ed25519 signing key with kid ${kid} in the JWKS.`);

  let payload: string;
  try {
    payload = canonicalJson(document);
  } catch (error) {
    return fail('malformed-document', `The fixing has no canonical JSON: ${(error as Error).message}.`);
  }

  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey(
      'jwk',
      { kty: 'OKP', crv: 'Ed25519', x: jwk.x },
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
  } catch (error) {
    return fail('invalid-key', `The key ${kid} cannot verify: ${(error as Error).message}.`);
  }
  // RFC 7515 §5.2: the signing input is ASCII(header . base64url(payload)), for a detached payload too.
  const signingInput = new TextEncoder().encode(
    `${encodedHeader}.${base64UrlEncode(new TextEncoder().encode(payload))}`,
  );
  let valid: boolean;
  try {
    valid = await crypto.subtle.verify({ name: 'Ed25519' }, key, signatureBytes, signingInput);
  } catch (error) {
    return fail('bad-signature', `The signature cannot be checked: ${(error as Error).message}.`);
  }
  return valid
    ? { valid: true, kid }
    : fail('bad-signature', `The signature of key ${kid} does not match this document.`);
}
