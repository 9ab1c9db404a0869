import canonicalize from 'canonicalize';
import { exportJWK, FlattenedSign, generateKeyPair } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFxRatesClient } from './client';
import { JWKS_PATH } from './fixings';
import type { FixingJwks, SignedFixing } from './verify-fixing';

const DOCUMENT: Omit<SignedFixing, 'signature'> = {
  id: 'fix_NY1200_20260329',
  cut: 'NY1200',
  date: '2026-03-29',
  cutAt: '2026-03-29T16:00:00.000Z',
  base: 'USD',
  rates: { EUR: '0.9181050312', GBP: '0.7841535072' },
  provenance: {
    EUR: { source: 'ecb', timestamp: '2026-03-29T16:00:00.000Z', date: '2026-03-29' },
    GBP: { source: 'ecb', timestamp: '2026-03-29T16:00:00.000Z', date: '2026-03-29' },
  },
  tableVersion: '1774800001000-0',
  frozenAt: '2026-03-29T16:00:01.000Z',
  publisher: 'FXRates fixings',
};

async function signer(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('Ed25519');
  return {
    jwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' } as FixingJwks['keys'][number],
    async sign(document: Omit<SignedFixing, 'signature'>): Promise<SignedFixing> {
      const jws = await new FlattenedSign(new TextEncoder().encode(canonicalize(document)))
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .sign(privateKey);
      return { ...document, signature: { alg: 'EdDSA', kid, jws: `${jws.protected}..${jws.signature}` } };
    },
  };
}

/** A loopback stand-in of the API: the JWKS at the origin, fixings by id; it records what it was asked. */
async function standIn(state: { jwks: FixingJwks; fixings: Record<string, SignedFixing> }) {
  const seen: { url: string; apiKey: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', apiKey: req.headers['x-api-key'] as string | undefined });
    const id = /^\/api\/v1\/fixings\/([^/?]+)$/.exec(req.url ?? '')?.[1];
    const body = req.url === JWKS_PATH ? state.jwks : id ? state.fixings[decodeURIComponent(id)] : undefined;
    if (!body) {
      res.writeHead(404, { 'Content-Type': 'application/problem+json' });
      res.end(
        JSON.stringify({
          title: 'Not found',
          status: 404,
          code: 'fixing-not-found',
          message: 'No such fixing',
        }),
      );
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    seen,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('the client verifying fixings (loopback stand-in)', () => {
  let server: Awaited<ReturnType<typeof standIn>> | undefined;
  afterEach(async () => {
    jest.restoreAllMocks();
    await server?.close();
    server = undefined;
  });

  it('fetches a fixing and verifies it, asking for the JWKS once, without the key', async () => {
    const key = await signer('fix-2026-03');
    const signed = await key.sign(DOCUMENT);
    server = await standIn({ jwks: { keys: [key.jwk] }, fixings: { [signed.id]: signed } });
    const fx = createFxRatesClient({
      apiKey: 'fxr_test',
      baseUrl: `${server.baseUrl}/api/v1`,
      retries: false,
    });

    const answer = await fx.verifiedFixing('fix_NY1200_20260329');
    expect(answer.data).toEqual(signed);
    expect(answer.verification).toEqual({ valid: true, kid: 'fix-2026-03' });
    await expect(fx.verifyFixing(signed)).resolves.toEqual({ valid: true, kid: 'fix-2026-03' });

    expect(server.seen).toEqual([
      { url: '/api/v1/fixings/fix_NY1200_20260329', apiKey: 'fxr_test' },
      { url: JWKS_PATH, apiKey: undefined },
    ]);
  });

  it('finds a one-digit change with the kept keys, asking nothing more', async () => {
    const key = await signer('fix-2026-03');
    const signed = await key.sign(DOCUMENT);
    server = await standIn({ jwks: { keys: [key.jwk] }, fixings: {} });
    const fx = createFxRatesClient({ apiKey: 'fxr_test', baseUrl: server.baseUrl, retries: false });
    await expect(fx.verifyFixing(signed)).resolves.toMatchObject({ valid: true });

    const tampered = { ...signed, rates: { ...signed.rates, GBP: '0.7841535073' } };
    await expect(fx.verifyFixing(tampered)).resolves.toMatchObject({ valid: false, reason: 'bad-signature' });
    expect(server.seen.map(({ url }) => url)).toEqual([JWKS_PATH]);
  });

  it('asks for the JWKS again for a kid added by rotation, once the kept set is a minute old', async () => {
    const old = await signer('fix-2026-02');
    const rotated = await signer('fix-2026-03');
    const state = { jwks: { keys: [old.jwk] }, fixings: {} };
    server = await standIn(state);
    const fx = createFxRatesClient({ apiKey: 'fxr_test', baseUrl: server.baseUrl, retries: false });
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-03-29T16:00:00Z'));
    await expect(fx.verifyFixing(await old.sign(DOCUMENT))).resolves.toMatchObject({ valid: true });

    // The API rotates its key: the new one is published beside the retired one.
    state.jwks = { keys: [old.jwk, rotated.jwk] };
    const newer = await rotated.sign(DOCUMENT);
    await expect(fx.verifyFixing(newer)).resolves.toMatchObject({ valid: false, reason: 'unknown-kid' });
    expect(server.seen).toHaveLength(1);

    now.mockReturnValue(Date.parse('2026-03-29T16:01:00Z'));
    await expect(fx.verifyFixing(newer)).resolves.toEqual({ valid: true, kid: 'fix-2026-03' });
    await expect(fx.verifyFixing(await old.sign(DOCUMENT))).resolves.toMatchObject({ valid: true });
    expect(server.seen.map(({ url }) => url)).toEqual([JWKS_PATH, JWKS_PATH]);
  });

  it('rejects with the problem of a fixing that does not exist', async () => {
    server = await standIn({ jwks: { keys: [] }, fixings: {} });
    const fx = createFxRatesClient({ apiKey: 'fxr_test', baseUrl: server.baseUrl, retries: false });
    await expect(fx.verifiedFixing('fix_NY1200_19990101')).rejects.toMatchObject({
      name: 'FxRatesError',
      status: 404,
      code: 'fixing-not-found',
    });
  });

  it('does not keep a JWKS that failed to load', async () => {
    server = await standIn({ jwks: undefined as unknown as FixingJwks, fixings: {} });
    const fx = createFxRatesClient({ apiKey: 'fxr_test', baseUrl: server.baseUrl, retries: false });
    await expect(fx.jwks()).rejects.toMatchObject({ status: 404 });
    await expect(fx.jwks()).rejects.toMatchObject({ status: 404 });
    expect(server.seen).toHaveLength(2);
  });
});
