import { compactVerify, importJWK } from 'jose';
import { RateDecimal } from '../decimal';
import { createRatesTable } from '../rates-table';
import { buildFixingDocument, canonicalJson } from './fixing-document';
import { jwsKid, newFixingSigningKey, signDetached, verifyDetached } from './fixing-signature';

const table = createRatesTable({
  perUsd: new Map([
    ['USD', new RateDecimal(1)],
    ['GBP', new RateDecimal('0.7512345678901234')],
    ['EUR', new RateDecimal('0.9')],
  ]),
  source: 'ecb',
  timestamp: '2026-03-27T15:00:00.000Z',
  date: '2026-03-27',
});
const input = {
  id: 'fix_LDN1600_20260327',
  cut: 'LDN1600',
  date: '2026-03-27',
  cutAt: Date.parse('2026-03-27T16:00:00Z'),
  frozenAt: Date.parse('2026-03-27T16:00:01.250Z'),
  table,
};

describe('a fixing document and its signature', () => {
  it('has one canonical payload: keys sorted, decimal strings as frozen, whatever the order of the table', () => {
    const payload = canonicalJson(buildFixingDocument(input));
    expect(payload).toBe(
      '{"base":"USD","cut":"LDN1600","cutAt":"2026-03-27T16:00:00.000Z","date":"2026-03-27",' +
        '"frozenAt":"2026-03-27T16:00:01.250Z","id":"fix_LDN1600_20260327",' +
        '"provenance":{"EUR":{"date":"2026-03-27","source":"ecb","timestamp":"2026-03-27T15:00:00.000Z"},' +
        '"GBP":{"date":"2026-03-27","source":"ecb","timestamp":"2026-03-27T15:00:00.000Z"}},' +
        `"publisher":"FXRates fixings","rates":{"EUR":"0.9","GBP":"0.7512345678901234"},"tableVersion":"${table.version}"}`,
    );
    const reordered = createRatesTable({
      perUsd: new Map([...table.perUsd].reverse()),
      provenance: new Map([...table.provenance].reverse()),
    });
    expect(canonicalJson(buildFixingDocument({ ...input, table: reordered }))).toBe(payload);
  });

  it('signs the payload as a detached compact JWS that jose verifies re-attached, and fails on one digit', async () => {
    const key = await newFixingSigningKey();
    const payload = canonicalJson(buildFixingDocument(input));
    const jws = await signDetached(payload, key.privateJwkJson, key.kid);
    const [header, middle, signature] = jws.split('.');
    expect(middle).toBe('');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'EdDSA', kid: key.kid });
    expect(jwsKid(jws)).toBe(key.kid);
    const attached = `${header}.${Buffer.from(payload).toString('base64url')}.${signature}`;
    const { payload: verified } = await compactVerify(attached, await importJWK(key.publicJwk, 'EdDSA'));
    expect(new TextDecoder().decode(verified)).toBe(payload);
    expect(await verifyDetached(jws, payload, key.publicJwk)).toBe(true);
    expect(await verifyDetached(jws, payload.replace('0.751234', '0.751235'), key.publicJwk)).toBe(false);
    expect(await verifyDetached(jws, payload, (await newFixingSigningKey()).publicJwk)).toBe(false);
  });
});
