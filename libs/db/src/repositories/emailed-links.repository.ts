import type { EntityManager } from '@mikro-orm/postgresql';

/** The tables of the links we mail (EmailedLink rows). */
export type EmailedLinkTable = 'email_verifications' | 'password_resets' | 'email_changes';

const TABLES: readonly EmailedLinkTable[] = ['email_verifications', 'password_resets', 'email_changes'];

/**
 * The links we mail (email verifications, password resets, email changes): each single use. Run
 * inside a transaction by building it on the transaction's EntityManager: its statements join it.
 */
export class EmailedLinksRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Marks a link used, if nothing has yet: true for the one caller that did. One conditional
   * update, so a link sent twice at once is used once; the other caller gets false.
   */
  async claim(table: EmailedLinkTable, id: string): Promise<boolean> {
    // The table name is written into the SQL: only ours may be.
    if (!TABLES.includes(table)) throw new Error(`Not a table of emailed links: ${JSON.stringify(table)}`);
    const claimed = await this.em.execute(
      `update ${table} set used_at = now() where id = ? and used_at is null returning id`,
      [id],
    );
    return claimed.length > 0;
  }

  /** Marks every unused password reset link of the user used (the password changed meanwhile). */
  async usePasswordResetsOf(userId: string): Promise<void> {
    await this.em.execute(
      'update password_resets set used_at = now() where user_id = ? and used_at is null',
      [userId],
      'run',
    );
  }

  /** Records the email change (its link claimed already) as confirmed when its link was used. */
  async confirmEmailChange(id: string): Promise<void> {
    await this.em.execute('update email_changes set confirmed_at = used_at where id = ?', [id], 'run');
  }

  /** Ends every email change of the user still waiting for its link. */
  async endPendingEmailChangesOf(userId: string): Promise<void> {
    await this.em.execute(
      'update email_changes set used_at = now() where user_id = ? and used_at is null',
      [userId],
      'run',
    );
  }
}
