import { randomInt } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { FixingKeyBox, FixingsRepository } from '@fxrates/db';
import { fixingId } from '@fxrates/domain';
import {
  buildFixingDocument,
  canonicalJson,
  createRatesTable,
  newFixingSigningKey,
  RateDecimal,
  signDetached,
  type FixingDocument,
  type RateProvenance,
} from '@fxrates/rates';

/**
 * A cut name of this test file and run alone: the fixings table is shared by the files a jest worker
 * runs and the tests delete no fixing (they are immutable; the worker's database goes with the run),
 * so each file's fixings stay apart by their cut. Configure it in FIXING_CUTS where the API must
 * know the cut (its routes by cut and day, an average's basis); a fixing's id alone needs no cut.
 */
export function uniqueCutName(): string {
  return `T${randomInt(10_000_000, 99_999_999)}`;
}

/**
 * Each rate's provenance when the sources published at `instant` (ISO 8601, its UTC day the rates'
 * day): the ECB's, unless `sources` names another for the currency.
 */
export function publishedAt(instant: string, sources: Record<string, string> = {}) {
  return (code: string): RateProvenance => ({
    source: sources[code] ?? 'ecb',
    timestamp: instant,
    date: instant.slice(0, 10),
  });
}

/** A fixing to freeze: the rates table of a cut's day, as the worker's FixingFreezer takes it. */
export interface FixingToStore {
  cut: string;
  /** The cut's local day, YYYY-MM-DD. */
  day: string;
  /** ISO 8601 instant of the cut. */
  cutAt: string;
  /** ISO 8601 instant it was frozen; 2 seconds after the cut unless given. */
  frozenAt?: string;
  /** Units of each currency per 1 USD, decimal strings (USD itself, if given, is not part of a fixing). */
  perUsd: Record<string, string>;
  /** Where each currency's rate came from (`publishedAt` for rates of one instant). */
  origin: (code: string) => RateProvenance;
  /**
   * Stores the payload with one digit of its first rate changed after signing: a stored document its
   * signature no longer matches (what a tampered row looks like).
   */
  tampered?: boolean;
}

/** A fixing as stored: its id, the key that signed it, the payload stored and the detached JWS. */
export interface StoredFixing {
  id: string;
  kid: string;
  payload: string;
  jws: string;
}

/** The payload with the last digit of the document's first rate changed. */
function withOneDigitChanged(payload: string, document: FixingDocument): string {
  const [code, rate] = Object.entries(document.rates)[0] ?? [];
  if (code === undefined || rate === undefined) throw new Error(`${document.id} has no rate to change`);
  const changed = `${rate.slice(0, -1)}${(Number(rate.slice(-1)) + 1) % 10}`;
  const altered = payload.replace(`"${code}":"${rate}"`, `"${code}":"${changed}"`);
  if (altered === payload) throw new Error(`${document.id}: the payload does not hold ${code} as "${rate}"`);
  return altered;
}

/**
 * Stores `fixings` exactly as the worker signs them (libs/rates: the document built from a rates
 * table, its canonical JSON signed with a detached JWS, stored once with FixingsRepository), each by
 * a new key of this call that is stored retired: it verifies, it is published in the JWKS, and the
 * one active key (the worker's) is left alone.
 */
export async function storeSignedFixings(
  app: NestFastifyApplication,
  fixings: readonly FixingToStore[],
): Promise<{ kid: string; stored: StoredFixing[] }> {
  const repository = new FixingsRepository(app.get(MikroORM).em.fork());
  const box = new FixingKeyBox(app.get<AppConfig>(APP_CONFIG).keys.hashSecret);
  const key = await newFixingSigningKey();
  await repository.insertRetiredKey(key.kid, { ...key.publicJwk }, box.seal(key.privateJwkJson, key.kid));
  const stored: StoredFixing[] = [];
  for (const fixing of fixings) {
    const id = fixingId(fixing.cut, fixing.day);
    const perUsd = new Map(
      Object.entries(fixing.perUsd).map(([code, rate]) => [code, new RateDecimal(rate)]),
    );
    // USD, the pivot, has no provenance (as createRatesTable has it); the document leaves it out.
    const provenance = new Map(
      [...perUsd.keys()].filter((code) => code !== 'USD').map((code) => [code, fixing.origin(code)]),
    );
    const table = createRatesTable({ perUsd, provenance });
    const cutAt = Date.parse(fixing.cutAt);
    const frozenAt = fixing.frozenAt === undefined ? cutAt + 2000 : Date.parse(fixing.frozenAt);
    const document = buildFixingDocument({ id, cut: fixing.cut, date: fixing.day, cutAt, frozenAt, table });
    const signed = canonicalJson(document);
    const jws = await signDetached(signed, key.privateJwkJson, key.kid);
    const payload = fixing.tampered ? withOneDigitChanged(signed, document) : signed;
    const inserted = await repository.insertIfAbsent({
      id,
      cut: fixing.cut,
      day: fixing.day,
      cutAt: new Date(cutAt),
      tableVersion: table.version,
      tableStoredAt: null,
      rates: document.rates,
      provenance: document.provenance,
      payload,
      signature: jws,
      kid: key.kid,
      createdAt: new Date(frozenAt),
    });
    // Another file's fixing of the same cut and day would be read instead of this one.
    if (!inserted) throw new Error(`A fixing ${id} is stored already: give the test a cut of its own`);
    stored.push({ id, kid: key.kid, payload, jws });
  }
  return { kid: key.kid, stored };
}
