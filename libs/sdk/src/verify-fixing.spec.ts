import canonicalize from 'canonicalize';
import { exportJWK, flattenedVerify, FlattenedSign, generateKeyPair, type CryptoKey } from 'jose';
import { verifyFixing, type FixingJwks, type SignedFixing } from './verify-fixing';

const DOCUMENT: Omit<SignedFixing, 'signature'> = {
  id: 'fix_LDN1600_20261026',
  cut: 'LDN1600',
  date: '2026-10-26',
  cutAt: '2026-10-26T16:00:00.000Z',
  base: 'USD',
  rates: { EUR: '0.88022588', GBP: '0.75538854', JPY: '149.53' },
  provenance: {
    EUR: { source: 'ecb', timestamp: '2026-10-26T16:00:00.000Z', date: '2026-10-26' },
    GBP: { source: 'ecb', timestamp: '2026-10-26T16:00:00.000Z', date: '2026-10-26' },
    JPY: { source: 'open-er-api', timestamp: '2026-10-26T15:36:40.000Z', date: '2026-10-26' },
  },
  tableVersion: '1793030401000-0',
  frozenAt: '2026-10-26T16:00:01.000Z',
  publisher: 'FXRates fixings',
};

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

async function signingKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('Ed25519');
  return { kid, privateKey, publicKey };
}

async function jwksOf(...keys: SigningKey[]): Promise<FixingJwks> {
  return {
    keys: await Promise.all(
      keys.map(async ({ kid, publicKey }) => ({
        ...(await exportJWK(publicKey)),
        kid,
        alg: 'EdDSA',
        use: 'sig',
      })) as Promise<FixingJwks['keys'][number]>[],
    ),
  };
}

/** Signs as the API does, with jose: a detached JWS over the RFC 8785 form of the document. */
async function sign(document: Omit<SignedFixing, 'signature'>, key: SigningKey): Promise<SignedFixing> {
  const jws = await new FlattenedSign(new TextEncoder().encode(canonicalize(document)))
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
    .sign(key.privateKey);
  return {
    ...document,
    signature: { alg: 'EdDSA', kid: key.kid, jws: `${jws.protected}..${jws.signature}` },
  };
}

/** The document with one digit of one rate changed. */
const withOneDigitChanged = (fixing: SignedFixing): SignedFixing => ({
  ...fixing,
  rates: { ...fixing.rates, EUR: fixing.rates.EUR.replace(/8$/, '9') },
});

describe('verifyFixing (offline, against a JWKS)', () => {
  let current: SigningKey;
  let retired: SigningKey;
  let jwks: FixingJwks;
  beforeAll(async () => {
    current = await signingKey('fix-2026-10');
    retired = await signingKey('fix-2026-04');
    jwks = await jwksOf(retired, current);
  });

  it('accepts a fixing signed by a key of the JWKS, naming the key', async () => {
    const fixing = await sign(DOCUMENT, current);
    await expect(verifyFixing(fixing, jwks)).resolves.toEqual({ valid: true, kid: 'fix-2026-10' });
  });

  it('accepts a fixing signed by a retired key still published', async () => {
    await expect(verifyFixing(await sign(DOCUMENT, retired), jwks)).resolves.toEqual({
      valid: true,
      kid: 'fix-2026-04',
    });
  });

  it('accepts the document however its members are ordered, as it went through JSON', async () => {
    const fixing = await sign(DOCUMENT, current);
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(fixing).reverse())));
    await expect(verifyFixing(reordered, jwks)).resolves.toMatchObject({ valid: true });
  });

  it('refuses a fixing with one digit of a rate changed, as jose does', async () => {
    const fixing = await sign(DOCUMENT, current);
    const tampered = withOneDigitChanged(fixing);
    expect(tampered.rates.EUR).toBe('0.88022589');
    await expect(verifyFixing(tampered, jwks)).resolves.toEqual({
      valid: false,
      reason: 'bad-signature',
      detail: expect.stringContaining('fix-2026-10'),
    });
    // An independent JOSE implementation agrees on both documents (the payload re-attached, base64url).
    const [encodedHeader, , signature] = fixing.signature.jws.split('.');
    const payloadOf = ({ signature: _signature, ...document }: SignedFixing) =>
      Buffer.from(canonicalize(document) ?? '').toString('base64url');
    await expect(
      flattenedVerify({ protected: encodedHeader, payload: payloadOf(fixing), signature }, current.publicKey),
    ).resolves.toBeDefined();
    await expect(
      flattenedVerify(
        { protected: encodedHeader, payload: payloadOf(tampered), signature },
        current.publicKey,
      ),
    ).rejects.toThrow('signature verification failed');
  });

  it.each([
    [
      'a changed provenance',
      (f: SignedFixing) => ({
        ...f,
        provenance: { ...f.provenance, EUR: { ...f.provenance.EUR, source: 'x' } },
      }),
    ],
    ['an added member', (f: SignedFixing) => ({ ...f, note: 'added' })],
    ['a removed currency', (f: SignedFixing) => ({ ...f, rates: { EUR: f.rates.EUR, GBP: f.rates.GBP } })],
    ['another cut time', (f: SignedFixing) => ({ ...f, cutAt: '2026-10-26T15:00:00.000Z' })],
  ])('refuses %s', async (_what, change) => {
    const fixing = await sign(DOCUMENT, current);
    await expect(verifyFixing(change(fixing), jwks)).resolves.toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
  });

  it('refuses a signature by a key that is not the one its kid names', async () => {
    const impostor = await signingKey('fix-2026-10');
    await expect(verifyFixing(await sign(DOCUMENT, impostor), jwks)).resolves.toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
  });

  it('refuses a kid the JWKS does not hold', async () => {
    const other = await signingKey('fix-1999-01');
    await expect(verifyFixing(await sign(DOCUMENT, other), jwks)).resolves.toEqual({
      valid: false,
      reason: 'unknown-kid',
      detail: 'No Ed25519 signing key with kid fix-1999-01 in the JWKS.',
    });
    await expect(verifyFixing(await sign(DOCUMENT, current), { keys: [] })).resolves.toMatchObject({
      reason: 'unknown-kid',
    });
  });

  it('refuses a signature.kid that is not the kid of the signed header', async () => {
    const fixing = await sign(DOCUMENT, current);
    const relabelled = { ...fixing, signature: { ...fixing.signature, kid: 'fix-2026-04' } };
    await expect(verifyFixing(relabelled, jwks)).resolves.toMatchObject({
      valid: false,
      reason: 'kid-mismatch',
    });
  });

  it('refuses a header that asks for another algorithm', async () => {
    const fixing = await sign(DOCUMENT, current);
    const [, , signature] = fixing.signature.jws.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', kid: current.kid })).toString('base64url');
    const downgraded = { ...fixing, signature: { ...fixing.signature, jws: `${header}..${signature}` } };
    await expect(verifyFixing(downgraded, jwks)).resolves.toMatchObject({
      valid: false,
      reason: 'unsupported-algorithm',
    });
  });

  it.each([
    ['an attached payload', (jws: string) => jws.replace('..', '.e30.')],
    ['two parts', (jws: string) => jws.replace('..', '.')],
    ['a header that is not base64url', (jws: string) => `!${jws}`],
    ['a header that is not JSON', (jws: string) => `bm90IGpzb24${jws.slice(jws.indexOf('.'))}`],
    ['a signature that is not base64url', (jws: string) => `${jws}*`],
    ['nothing', () => ''],
  ])('calls a JWS with %s malformed', async (_what, mangle) => {
    const fixing = await sign(DOCUMENT, current);
    const mangled = { ...fixing, signature: { ...fixing.signature, jws: mangle(fixing.signature.jws) } };
    await expect(verifyFixing(mangled, jwks)).resolves.toMatchObject({
      valid: false,
      reason: 'malformed-jws',
    });
  });

  it.each([
    ['null', null],
    ['an array', []],
    ['a document without a signature', DOCUMENT],
  ])('calls %s a malformed document', async (_what, value) => {
    await expect(verifyFixing(value, jwks)).resolves.toMatchObject({
      valid: false,
      reason: 'malformed-document',
    });
  });

  it('calls a published key that is not an Ed25519 point an invalid key', async () => {
    const fixing = await sign(DOCUMENT, current);
    const broken: FixingJwks = { keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'AAAA', kid: current.kid }] };
    await expect(verifyFixing(fixing, broken)).resolves.toMatchObject({
      valid: false,
      reason: 'invalid-key',
    });
  });
});
