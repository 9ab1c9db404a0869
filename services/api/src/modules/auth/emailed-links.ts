import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailedLinksRepository, type EmailedLinkTable } from '@fxrates/db';

export type { EmailedLinkTable } from '@fxrates/db';

/**
 * Marks an emailed link used in `tx`, if nothing has yet: true for the one caller that did. One
 * conditional update, so a link sent twice at once is used once; the other caller gets false.
 */
export function claimEmailedLink(tx: EntityManager, table: EmailedLinkTable, id: string): Promise<boolean> {
  return new EmailedLinksRepository(tx).claim(table, id);
}
