import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { FixingsRepository, type FixingRow } from '@fxrates/db';
import { ErrorCode, type FixingCut } from '@fxrates/domain';
import { FIXING_SIGNATURE_ALG, jwsKid, verifyDetached, type FixingPublicJwk } from '@fxrates/rates';
import { AppException } from '../../common/errors';

/**
 * How long the published keys are kept in memory (one read for a burst of JWKS requests): a key made
 * by a rotation is published within this, well before the first fixing it signs is due.
 */
const KEYS_MAX_AGE_MS = 5_000;

/** The outcome of checking a stored fixing's signature against its published key. */
export interface FixingVerification {
  valid: boolean;
  kid: string;
  alg: typeof FIXING_SIGNATURE_ALG;
  /** Why it is not valid. */
  reason?: 'bad-signature' | 'unknown-kid';
}

/**
 * The API's side of FXRates fixings: reading them (frozen by the worker), the published signing
 * keys (the JWKS) and a server-side check of a fixing's signature.
 */
@Injectable()
export class Fixings {
  readonly cuts: readonly FixingCut[];
  private keys: { at: number; keys: Promise<FixingPublicJwk[]> } | undefined;

  constructor(
    private readonly repository: FixingsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cuts = config.fixings.cuts;
  }

  /** 400 `unknown-cut` unless `cut` is one of ours, naming them. */
  assertCut(cut: string): void {
    if (this.cuts.some(({ name }) => name === cut)) return;
    throw new AppException(
      ErrorCode.UnknownCut,
      `"${cut}" is not one of our fixing cuts (${this.cuts.map(({ name }) => name).join(', ')}).`,
    );
  }

  /** 404 `fixing-not-found`, saying which fixings exist. */
  notFound(what: string): AppException {
    return new AppException(
      ErrorCode.FixingNotFound,
      `No fixing ${what}. We keep the cuts ${this.cuts.map(({ name }) => name).join(', ')} (GET /api/v1/fixings lists them and the fixings stored); a fixing exists only once its cut has passed, on the cut's days (weekdays unless daily; the ECB's on the days it publishes).`,
    );
  }

  byCutAndDay(cut: string, day: string): Promise<FixingRow | null> {
    return this.repository.findByCutAndDay(cut, day);
  }

  byId(id: string): Promise<FixingRow | null> {
    return this.repository.findById(id);
  }

  list(start: string, end: string, cut?: string): Promise<FixingRow[]> {
    return this.repository.listBetween(start, end, cut);
  }

  /** Every key that ever signed a fixing, the retired ones included (old fixings still verify). */
  publishedKeys(now = Date.now()): Promise<FixingPublicJwk[]> {
    if (!this.keys || now - this.keys.at > KEYS_MAX_AGE_MS) {
      const keys = this.repository.allSigningKeys().then((rows) =>
        rows.flatMap(({ kid, publicJwk: { x } }): FixingPublicJwk[] =>
          // Written from the row's kid and key alone: the JWKS says nothing else of a key.
          typeof x === 'string'
            ? [{ kty: 'OKP', crv: 'Ed25519', x, kid, alg: FIXING_SIGNATURE_ALG, use: 'sig' }]
            : [],
        ),
      );
      // A failed read is not kept: the next call reads again.
      keys.catch(() => (this.keys = undefined));
      this.keys = { at: now, keys };
    }
    return this.keys.keys;
  }

  /** The stored payload checked against the signature and the published key its header names. */
  async verify(row: FixingRow): Promise<FixingVerification> {
    const kid = jwsKid(row.signature) ?? row.kid;
    let key = (await this.publishedKeys()).find((candidate) => candidate.kid === kid);
    if (!key) {
      // A key made since the keys were read (the first fixing of a new key).
      this.keys = undefined;
      key = (await this.publishedKeys()).find((candidate) => candidate.kid === kid);
    }
    if (!key) return { valid: false, kid, alg: FIXING_SIGNATURE_ALG, reason: 'unknown-kid' };
    const valid = await verifyDetached(row.signature, row.payload, key);
    return valid
      ? { valid, kid, alg: FIXING_SIGNATURE_ALG }
      : { valid, kid, alg: FIXING_SIGNATURE_ALG, reason: 'bad-signature' };
  }
}
