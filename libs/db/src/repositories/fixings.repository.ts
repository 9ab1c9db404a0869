import type { EntityManager } from '@mikro-orm/postgresql';

/** Where a fixing's rate of one currency came from. */
export interface FixingProvenance {
  source: string;
  timestamp: string;
  date: string;
}

/** A frozen fixing as stored: `payload` is the canonical JSON that `signature` (detached JWS) signs. */
export interface FixingRow {
  /** `fix_<CUT>_<YYYYMMDD>`. */
  id: string;
  cut: string;
  /** YYYY-MM-DD, the cut's local day. */
  day: string;
  cutAt: Date;
  tableVersion: string;
  tableStoredAt: Date | null;
  /** Units per 1 USD, decimal strings. */
  rates: Record<string, string>;
  provenance: Record<string, FixingProvenance>;
  payload: string;
  signature: string;
  kid: string;
  /** When it was frozen (the signed document's `frozenAt`). */
  createdAt: Date;
}

/** A signing key: the public JWK is published, the private key is sealed with the data key. */
export interface FixingSigningKeyRow {
  kid: string;
  publicJwk: Record<string, unknown>;
  privateKeySealed: string;
  createdAt: Date;
  retiredAt: Date | null;
}

interface FixingDbRow {
  id: string;
  cut: string;
  day: string;
  cut_at: Date | string;
  table_version: string;
  table_stored_at: Date | string | null;
  rates: Record<string, string>;
  provenance: Record<string, FixingProvenance>;
  payload: string;
  signature: string;
  kid: string;
  created_at: Date | string;
}

interface SigningKeyDbRow {
  kid: string;
  public_jwk: Record<string, unknown>;
  private_key_sealed: string;
  created_at: Date | string;
  retired_at: Date | string | null;
}

/** `day` as text: a `date` parsed into a JS Date would shift with the process's time zone. */
const FIXING_COLUMNS = `id, cut, to_char(day, 'YYYY-MM-DD') as day, cut_at, table_version, table_stored_at,
  rates, provenance, payload, signature, kid, created_at`;

function toFixing(row: FixingDbRow): FixingRow {
  return {
    id: row.id,
    cut: row.cut,
    day: row.day,
    cutAt: new Date(row.cut_at),
    tableVersion: row.table_version,
    tableStoredAt: row.table_stored_at === null ? null : new Date(row.table_stored_at),
    rates: row.rates,
    provenance: row.provenance,
    payload: row.payload,
    signature: row.signature,
    kid: row.kid,
    createdAt: new Date(row.created_at),
  };
}

function toSigningKey(row: SigningKeyDbRow): FixingSigningKeyRow {
  return {
    kid: row.kid,
    publicJwk: row.public_jwk,
    privateKeySealed: row.private_key_sealed,
    createdAt: new Date(row.created_at),
    retiredAt: row.retired_at === null ? null : new Date(row.retired_at),
  };
}

/**
 * fixings and fixing_signing_keys. A fixing is written once (the unique cut and day lets every
 * worker try and only the first win) and never updated (a trigger refuses it); one signing key is
 * active at a time (a partial unique index), retired ones stay for verification.
 */
export class FixingsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Stores the fixing unless its cut and day has one; true when this call stored it. */
  async insertIfAbsent(row: FixingRow): Promise<boolean> {
    const inserted = await this.em.execute<Array<{ id: string }>>(
      `insert into fixings (id, cut, day, cut_at, table_version, table_stored_at, rates, provenance,
                            payload, signature, kid, created_at)
       values (?, ?, ?::date, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?)
       on conflict do nothing
       returning id`,
      [
        row.id,
        row.cut,
        row.day,
        row.cutAt,
        row.tableVersion,
        row.tableStoredAt,
        JSON.stringify(row.rates),
        JSON.stringify(row.provenance),
        row.payload,
        row.signature,
        row.kid,
        row.createdAt,
      ],
    );
    return inserted.length > 0;
  }

  async findById(id: string): Promise<FixingRow | null> {
    const [row] = await this.em.execute<FixingDbRow[]>(`select ${FIXING_COLUMNS} from fixings where id = ?`, [
      id,
    ]);
    return row ? toFixing(row) : null;
  }

  async findByCutAndDay(cut: string, day: string): Promise<FixingRow | null> {
    const [row] = await this.em.execute<FixingDbRow[]>(
      `select ${FIXING_COLUMNS} from fixings where cut = ? and day = ?::date`,
      [cut, day],
    );
    return row ? toFixing(row) : null;
  }

  /** The cut's fixings from `start` to `end` (YYYY-MM-DD, both included), by day. */
  async ratesBetween(cut: string, start: string, end: string): Promise<FixingRow[]> {
    const rows = await this.em.execute<FixingDbRow[]>(
      `select ${FIXING_COLUMNS} from fixings
        where cut = ? and day between ?::date and ?::date
        order by day`,
      [cut, start, end],
    );
    return rows.map(toFixing);
  }

  /** Every fixing from `start` to `end` (both included), of one cut or of all, by day and cut. */
  async listBetween(start: string, end: string, cut?: string): Promise<FixingRow[]> {
    const rows = await this.em.execute<FixingDbRow[]>(
      `select ${FIXING_COLUMNS} from fixings
        where day between ?::date and ?::date ${cut === undefined ? '' : 'and cut = ?'}
        order by day, cut`,
      cut === undefined ? [start, end] : [start, end, cut],
    );
    return rows.map(toFixing);
  }

  /** The key that signs new fixings, if any. */
  async activeSigningKey(): Promise<FixingSigningKeyRow | null> {
    const [row] = await this.em.execute<SigningKeyDbRow[]>(
      'select * from fixing_signing_keys where retired_at is null',
    );
    return row ? toSigningKey(row) : null;
  }

  async signingKey(kid: string): Promise<FixingSigningKeyRow | null> {
    const [row] = await this.em.execute<SigningKeyDbRow[]>(
      'select * from fixing_signing_keys where kid = ?',
      [kid],
    );
    return row ? toSigningKey(row) : null;
  }

  /** Every key ever used (the JWKS), oldest first. */
  async allSigningKeys(): Promise<FixingSigningKeyRow[]> {
    const rows = await this.em.execute<SigningKeyDbRow[]>(
      'select * from fixing_signing_keys order by created_at, kid',
    );
    return rows.map(toSigningKey);
  }

  /**
   * Stores a new active key unless one is active (two workers creating one at once: one wins);
   * true when this call stored it.
   */
  async insertActiveKeyIfNone(
    kid: string,
    publicJwk: Record<string, unknown>,
    privateKeySealed: string,
  ): Promise<boolean> {
    const inserted = await this.em.execute<Array<{ kid: string }>>(
      `insert into fixing_signing_keys (kid, public_jwk, private_key_sealed)
       values (?, ?::jsonb, ?)
       on conflict do nothing
       returning kid`,
      [kid, JSON.stringify(publicJwk), privateKeySealed],
    );
    return inserted.length > 0;
  }

  /**
   * Stores a key as retired at once: one that only verifies (a key carried over from another
   * deployment, a test's), never signs.
   */
  async insertRetiredKey(
    kid: string,
    publicJwk: Record<string, unknown>,
    privateKeySealed: string,
  ): Promise<void> {
    await this.em.execute(
      `insert into fixing_signing_keys (kid, public_jwk, private_key_sealed, retired_at) values (?, ?::jsonb, ?, now())`,
      [kid, JSON.stringify(publicJwk), privateKeySealed],
    );
  }

  /** Retires the active key and stores the new one as active, in one transaction. */
  async rotate(kid: string, publicJwk: Record<string, unknown>, privateKeySealed: string): Promise<void> {
    await this.em.transactional(async (em) => {
      await em.execute('update fixing_signing_keys set retired_at = now() where retired_at is null');
      await em.execute(
        `insert into fixing_signing_keys (kid, public_jwk, private_key_sealed) values (?, ?::jsonb, ?)`,
        [kid, JSON.stringify(publicJwk), privateKeySealed],
      );
    });
  }
}
