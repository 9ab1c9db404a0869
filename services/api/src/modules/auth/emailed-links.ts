import type { EntityManager } from '@mikro-orm/postgresql';

/** The tables of the links we mail (EmailedLink rows). */
export type EmailedLinkTable = 'email_verifications' | 'password_resets' | 'email_changes';

/**
 * Marks an emailed link used in `tx`, if nothing has yet: true for the one caller that did. One
 * conditional update, so a link sent twice at once is used once; the other caller gets false.
 */
export async function claimEmailedLink(
  tx: EntityManager,
  table: EmailedLinkTable,
  id: string,
): Promise<boolean> {
  const claimed = await tx
    .getConnection()
    .execute(
      `update ${table} set used_at = now() where id = ? and used_at is null returning id`,
      [id],
      'all',
      tx.getTransactionContext(),
    );
  return claimed.length > 0;
}
