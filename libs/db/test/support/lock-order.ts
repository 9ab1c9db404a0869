import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

/**
 * Takes a lock in one transaction and, while it is held, the same lock in a second: answers the
 * order in which things happened, and what had happened while the first still held it (nothing,
 * when the second waited). `lock` takes the lock on the transaction's EntityManager it is given.
 */
export async function lockOrder(
  orm: MikroORM,
  lock: (tx: EntityManager) => Promise<unknown>,
  second: (tx: EntityManager) => Promise<unknown> = lock,
): Promise<{ whileHeld: string[]; order: string[] }> {
  const order: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const firstLocked = new Promise<void>((resolve) => (locked = resolve));
  const first = orm.em.fork().transactional(async (tx) => {
    await lock(tx);
    locked();
    await released;
    order.push('first done');
  });
  await firstLocked;
  const waiting = orm.em.fork().transactional(async (tx) => {
    await second(tx);
    order.push('second locked');
  });
  // Long enough for an unblocked second transaction to have taken its lock.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const whileHeld = [...order];
  release();
  await Promise.all([first, waiting]);
  return { whileHeld, order };
}

/** What lockOrder answers when the second transaction waited for the first. */
export const WAITED = { whileHeld: [], order: ['first done', 'second locked'] };
