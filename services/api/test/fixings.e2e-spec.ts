import canonicalize from 'canonicalize';
import Decimal from 'decimal.js';
import { compactVerify, createLocalJWKSet } from 'jose';
import { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { ApiKey } from '@fxrates/db';
import { givenIn } from './support/given';
import { keysOnPlans } from './support/plan-keys';
import {
  storeSignedFixings,
  uniqueCutName,
  type FixingToStore,
  type StoredFixing,
} from './support/signed-fixings';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** 10 significant digits, half-even, of symbol per base: worked out with decimal.js, apart from the API. */
const displayed = (symbolPerUsd: string, basePerUsd: string) =>
  new Decimal(symbolPerUsd).div(basePerUsd).toSignificantDigits(10, Decimal.ROUND_HALF_EVEN).toString();

/** A cut of this run alone, London's 16:00 (the fixings table is shared with other test files and runs). */
const CUT = uniqueCutName();
const CUTS = `${CUT}=Europe/London@16:00,NY1200=America/New_York@12:00`;
const DAY = '2011-06-15';
const TAMPERED_DAY = '2011-06-16';
const ID = `fix_${CUT}_${DAY.replaceAll('-', '')}`;
const TAMPERED_ID = `fix_${CUT}_${TAMPERED_DAY.replaceAll('-', '')}`;
const PER_USD = { EUR: '0.69512345678901', GBP: '0.61234567890123', JPY: '80.123456789' };
const ORIGIN = { source: 'ecb', timestamp: `${DAY}T14:00:00.000Z`, date: DAY };

/**
 * The day's fixing signed as the worker signs one, and the next day's with one digit of one rate
 * changed after signing; both of the same rates, frozen 2 s after a 15:00 UTC cut.
 */
async function storeFixing(t: TestApp): Promise<StoredFixing> {
  const fixing = (day: string): FixingToStore => ({
    cut: CUT,
    day,
    cutAt: `${day}T15:00:00Z`,
    frozenAt: `${day}T15:00:02Z`,
    perUsd: PER_USD,
    origin: () => ORIGIN,
  });
  const { stored } = await storeSignedFixings(t.app, [
    fixing(DAY),
    { ...fixing(TAMPERED_DAY), tampered: true },
  ]);
  return stored[0];
}

describe('FXRates fixings over HTTP', () => {
  let t: TestApp;
  let keys: Record<'free' | 'basic', string>;
  let stored: StoredFixing;

  beforeAll(async () => {
    t = await startTestApp(testConfig({ FIXING_CUTS: CUTS }));
    stored = await storeFixing(t);
    keys = await keysOnPlans(t.app, ['free', 'basic'] as const);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string, key = keys.basic) =>
    request(t.app.getHttpServer()).get(path).set('X-API-Key', key);

  it("answers a cut's fixing re-based, with each currency's provenance and where to verify", async () => {
    const res = await get(`/api/v1/fixings/${CUT}/${DAY}?base=EUR&symbols=GBP,JPY,USD`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: ID,
      cut: CUT,
      date: DAY,
      cutAt: `${DAY}T15:00:00.000Z`,
      frozenAt: `${DAY}T15:00:02.000Z`,
      base: 'EUR',
      rates: {
        GBP: Number(displayed(PER_USD.GBP, PER_USD.EUR)),
        JPY: Number(displayed(PER_USD.JPY, PER_USD.EUR)),
        USD: Number(displayed('1', PER_USD.EUR)),
      },
      provenance: { EUR: ORIGIN, GBP: ORIGIN, JPY: ORIGIN },
      publisher: 'FXRates fixings',
      signature: { alg: 'EdDSA', kid: stored.kid, jws: stored.jws },
      signedDocument: `/api/v1/fixings/${ID}`,
      verify: `/api/v1/fixings/${ID}/verify`,
      jwks: '/.well-known/jwks.json',
    });
    // The digits as written, not as a double reads them back.
    expect(res.text).toContain(`"GBP":${displayed(PER_USD.GBP, PER_USD.EUR)}`);
    expect(res.headers['x-ratelimit-limit']).toBeDefined();

    // numbers=string: the same digits as decimal strings (what the MCP tool asks for).
    const strings = await get(`/api/v1/fixings/${CUT}/${DAY}?base=EUR&symbols=GBP,JPY,USD&numbers=string`);
    expect(strings.status).toBe(200);
    expect(strings.body.rates).toEqual({
      GBP: displayed(PER_USD.GBP, PER_USD.EUR),
      JPY: displayed(PER_USD.JPY, PER_USD.EUR),
      USD: displayed('1', PER_USD.EUR),
    });
  });

  it('answers a past fixing as immutable, and 304 to its ETag', async () => {
    const first = await get(`/api/v1/fixings/${CUT}/${DAY}`);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await get(`/api/v1/fixings/${CUT}/${DAY}`).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    const signed = await get(`/api/v1/fixings/${ID}`);
    expect(signed.headers['cache-control']).toContain('immutable');
    const signedAgain = await get(`/api/v1/fixings/${ID}`).set(
      'If-None-Match',
      signed.headers.etag as string,
    );
    expect(signedAgain.status).toBe(304);
  });

  it('answers the signed document as signed, verifiable with jose against the JWKS', async () => {
    const res = await get(`/api/v1/fixings/${ID}`);
    expect(res.status).toBe(200);
    const { signature, ...document } = res.body as { signature: { alg: string; kid: string; jws: string } };
    expect(signature).toEqual({ alg: 'EdDSA', kid: stored.kid, jws: stored.jws });
    expect(canonicalize(document)).toBe(stored.payload);
    expect(document).toMatchObject({ base: 'USD', rates: PER_USD, publisher: 'FXRates fixings' });

    const jwks = await request(t.app.getHttpServer()).get('/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(jwks.body.keys).toContainEqual(
      expect.objectContaining({ kty: 'OKP', crv: 'Ed25519', kid: stored.kid, alg: 'EdDSA', use: 'sig' }),
    );
    const [header, , sig] = signature.jws.split('.');
    const attached = `${header}.${Buffer.from(canonicalize(document)!).toString('base64url')}.${sig}`;
    const verified = await compactVerify(attached, createLocalJWKSet(jwks.body));
    expect(verified.protectedHeader).toEqual({ alg: 'EdDSA', kid: stored.kid });
  });

  it('verifies server-side: valid as stored, not valid once a digit was changed, unmetered', async () => {
    const good = await get(`/api/v1/fixings/${ID}/verify`);
    expect(good.status).toBe(200);
    expect(good.body).toEqual({
      id: ID,
      valid: true,
      kid: stored.kid,
      alg: 'EdDSA',
      jwks: '/.well-known/jwks.json',
    });
    expect(good.headers['x-ratelimit-limit']).toBeUndefined();
    const bad = await get(`/api/v1/fixings/${TAMPERED_ID}/verify`);
    expect(bad.body).toMatchObject({ id: TAMPERED_ID, valid: false, reason: 'bad-signature' });
  });

  it('lists the cuts and the fixings stored', async () => {
    const res = await get(`/api/v1/fixings?cut=${CUT}&start=2011-06-01&end=2011-06-30`);
    expect(res.status).toBe(200);
    expect(res.body.cuts.map((cut: { name: string }) => cut.name)).toEqual([CUT, 'NY1200']);
    expect(res.body.cuts[0]).toEqual({
      name: CUT,
      kind: 'clock',
      timeZone: 'Europe/London',
      time: '16:00',
      days: 'weekdays',
    });
    expect(res.body.fixings.map((f: { id: string }) => f.id)).toEqual([ID, TAMPERED_ID]);
  });

  it('answers 404 fixing-not-found saying what exists, and 400 for a cut or a date we cannot read', async () => {
    const none = await get(`/api/v1/fixings/${CUT}/2011-06-17`);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('fixing-not-found');
    expect(none.body.message).toContain(`${CUT}, NY1200`);
    expect(none.body.message).toContain('once its cut has passed');
    expect((await get(`/api/v1/fixings/fix_${CUT}_20110617`)).body.code).toBe('fixing-not-found');
    expect((await get('/api/v1/fixings/not-an-id')).status).toBe(404);
    expect((await get('/api/v1/fixings/not-an-id/verify')).body.code).toBe('fixing-not-found');
    const cut = await get(`/api/v1/fixings/LDN1600/${DAY}`);
    expect(cut.status).toBe(400);
    expect(cut.body.code).toBe('unknown-cut');
    expect((await get(`/api/v1/fixings/${CUT}/2011-02-30`)).body.code).toBe('invalid-date');
    const missing = await get(`/api/v1/fixings/${CUT}/${DAY}?symbols=CHF`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('CHF');
  });

  it('refuses the Free plan and a key without history:read', async () => {
    const free = await get(`/api/v1/fixings/${CUT}/${DAY}`, keys.free);
    expect(free.status).toBe(403);
    expect(free.body).toMatchObject({ code: 'plan-upgrade-required', requiredPlan: 'basic' });
    const { id, key } = await givenIn(t.app).keyOnPlan({ plan: 'basic' });
    await t.app
      .get(MikroORM)
      .em.fork()
      .nativeUpdate(ApiKey, { id }, { scopes: ['rates:read'] });
    const scoped = await get(`/api/v1/fixings/${ID}`, key);
    expect(scoped.status).toBe(403);
    expect(scoped.body.code).toBe('scope-not-allowed');
  });
});
