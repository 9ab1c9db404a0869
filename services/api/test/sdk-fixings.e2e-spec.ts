import { createFxRatesClient, verifyFixing, type SignedFixing } from '@fxrates/sdk';
import type { AddressInfo } from 'node:net';
import { givenIn } from './support/given';
import { publishedAt, storeSignedFixings, uniqueCutName, type FixingToStore } from './support/signed-fixings';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** A cut of this file alone: a fixing is read by its id, which needs no configured cut. */
const CUT = uniqueCutName();
const DAY = '2012-02-14';
const ID = `fix_${CUT}_20120214`;
const ALTERED_DAY = '2012-02-15';
const ALTERED_ID = `fix_${CUT}_20120215`;
const PER_USD = { EUR: '0.76012345678901', GBP: '0.63456789012345' };

/** A day's fixing of the ECB's rates as the worker freezes one at 16:00 UTC, 1.5 s after the cut. */
const fixingOf = (day: string): FixingToStore => ({
  cut: CUT,
  day,
  cutAt: `${day}T16:00:00Z`,
  frozenAt: `${day}T16:00:01.500Z`,
  perUsd: PER_USD,
  origin: publishedAt(`${day}T14:15:00.000Z`),
});

/** @fxrates/sdk against the real API over HTTP: a fixing fetched, its keys fetched once, verified by the SDK. */
describe('the SDK verifying the API’s fixings', () => {
  let t: TestApp;
  let kid: string;
  let baseUrl: string;

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    // Signed as the worker signs them, by a key stored retired (the active key is left alone): one
    // as signed, one whose stored document had a digit changed after signing.
    ({ kid } = await storeSignedFixings(t.app, [
      fixingOf(DAY),
      { ...fixingOf(ALTERED_DAY), tampered: true },
    ]));
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const client = async () =>
    createFxRatesClient({
      apiKey: (await givenIn(t.app).keyOnPlan({ plan: 'basic', name: 'sdk fixings' })).key,
      baseUrl,
    });

  it('verifies a fixing as the API answers it, against the published keys, the retired one included', async () => {
    const fx = await client();
    const answer = await fx.verifiedFixing(ID);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ id: ID, cut: CUT, date: DAY, base: 'USD', rates: PER_USD });
    expect(answer.verification).toEqual({ valid: true, kid });
    expect((await fx.jwks()).keys.map((key) => key.kid)).toContain(kid);
  });

  it('finds a digit changed after signing, in the store or in a copy, offline', async () => {
    const fx = await client();
    const stored = await fx.verifiedFixing(ALTERED_ID);
    expect(stored.verification).toMatchObject({ valid: false, reason: 'bad-signature' });

    const { data } = await fx.fixing(ID);
    const jwks = await fx.jwks();
    const copy: SignedFixing = JSON.parse(JSON.stringify(data));
    await expect(verifyFixing(copy, jwks)).resolves.toEqual({ valid: true, kid });
    const altered = { ...copy, rates: { ...copy.rates, GBP: copy.rates.GBP.replace(/5$/, '6') } };
    expect(altered.rates.GBP).not.toBe(copy.rates.GBP);
    await expect(verifyFixing(altered, jwks)).resolves.toMatchObject({
      valid: false,
      reason: 'bad-signature',
    });
  });
});
