import type { EntityManager } from '@mikro-orm/postgresql';

/** A user's authenticator secret (sealed), when two-factor was turned on, and the last code's time step. */
export interface TwoFactorRow {
  secret_ciphertext: string;
  /** As the driver gives it back from a raw query (a string or a Date). */
  enabled_at: Date | string | null;
  last_used_step: string | null;
}

/**
 * user_two_factor and two_factor_recovery_codes. Each use of a code is one conditional update, so
 * two requests with the same code cannot both take it. Run inside a transaction by building it on
 * the transaction's EntityManager: its statements join it.
 */
export class TwoFactorRepository {
  constructor(private readonly em: EntityManager) {}

  /** The user's two-factor row (waiting for its first code, or on), if any. */
  async ofUser(userId: string): Promise<TwoFactorRow | undefined> {
    const [row] = await this.em.execute<TwoFactorRow[]>(
      'select secret_ciphertext, enabled_at, last_used_step from user_two_factor where user_id = ?',
      [userId],
    );
    return row;
  }

  /** The user's recovery codes not used yet. */
  async recoveryCodesLeft(userId: string): Promise<number> {
    const [{ left }] = await this.em.execute<{ left: string }[]>(
      'select count(*) as left from two_factor_recovery_codes where user_id = ? and used_at is null',
      [userId],
    );
    return Number(left);
  }

  /** The hashes of every recovery code the user has stored, used ones included. */
  async recoveryCodeHashesOf(userId: string): Promise<string[]> {
    const rows = await this.em.execute<{ code_hash: string }[]>(
      'select code_hash from two_factor_recovery_codes where user_id = ? order by code_hash',
      [userId],
    );
    return rows.map((row) => row.code_hash);
  }

  /** Stores a new secret waiting for its first code (replacing a waiting one); false while two-factor is on. */
  async startEnrolment(userId: string, secretCiphertext: string): Promise<boolean> {
    const stored = await this.em.execute(
      `insert into user_two_factor (user_id, secret_ciphertext) values (?, ?)
       on conflict (user_id) do update
          set secret_ciphertext = excluded.secret_ciphertext, created_at = now(), last_used_step = null
        where user_two_factor.enabled_at is null
       returning user_id`,
      [userId, secretCiphertext],
    );
    return stored.length > 0;
  }

  /**
   * Turns two-factor on for the secret the first code was checked against; answers when, or
   * undefined when the set-up was started again meanwhile (another secret) or is on already.
   */
  async enable(userId: string, secretCiphertext: string): Promise<Date | string | undefined> {
    const [enabled] = await this.em.execute<{ enabled_at: Date | string }[]>(
      `update user_two_factor set enabled_at = now()
        where user_id = ? and enabled_at is null and secret_ciphertext = ? returning enabled_at`,
      [userId, secretCiphertext],
    );
    return enabled?.enabled_at;
  }

  /** Deletes the user's secret and recovery codes (two-factor off). */
  async remove(userId: string): Promise<void> {
    await this.em.execute('delete from user_two_factor where user_id = ?', [userId], 'run');
    await this.em.execute('delete from two_factor_recovery_codes where user_id = ?', [userId], 'run');
  }

  /**
   * Takes a code's time step for the secret, if no code of that step or a later one was taken:
   * false for a code used already (or a secret replaced meanwhile).
   */
  async spendStep(userId: string, secretCiphertext: string, step: number): Promise<boolean> {
    const spent = await this.em.execute(
      `update user_two_factor set last_used_step = ?
        where user_id = ? and secret_ciphertext = ? and (last_used_step is null or last_used_step < ?)
        returning user_id`,
      [step, userId, secretCiphertext, step],
    );
    return spent.length === 1;
  }

  /** Uses a recovery code by its hash: false when it is not one of the user's unused ones. */
  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const used = await this.em.execute(
      `update two_factor_recovery_codes set used_at = now()
        where user_id = ? and code_hash = ? and used_at is null returning id`,
      [userId, codeHash],
    );
    return used.length === 1;
  }

  /** Replaces the user's recovery codes (all the old ones stop working) with these hashes. */
  async replaceRecoveryCodes(userId: string, codeHashes: readonly string[]): Promise<void> {
    await this.em.execute('delete from two_factor_recovery_codes where user_id = ?', [userId], 'run');
    if (codeHashes.length === 0) return;
    await this.em.execute(
      `insert into two_factor_recovery_codes (user_id, code_hash) values ${codeHashes.map(() => '(?, ?)').join(', ')}`,
      codeHashes.flatMap((hash) => [userId, hash]),
      'run',
    );
  }
}
