import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { SubscriptionsRepository } from '../src';
import { lockOrder, WAITED } from './support/lock-order';
import { connectOrm } from './support/test-database';

/** The subscriptions lock against real PostgreSQL. */
describe('SubscriptionsRepository', () => {
  let orm: MikroORM;

  beforeAll(async () => {
    orm = await connectOrm();
  });
  afterAll(() => orm.close());

  it('holds a second transaction locking the same user’s subscriptions until the first ends, not another user’s', async () => {
    const [userId, otherId] = [randomUUID(), randomUUID()];
    const lockOf = (id: string) => (tx: EntityManager) => new SubscriptionsRepository(tx).lockOfUser(id);
    expect(await lockOrder(orm, lockOf(userId))).toEqual(WAITED);
    expect(await lockOrder(orm, lockOf(userId), lockOf(otherId))).toEqual({
      whileHeld: ['second locked'],
      order: ['second locked', 'first done'],
    });
  });

  it('refuses to lock outside a transaction, where the lock would end at once', async () => {
    await expect(new SubscriptionsRepository(orm.em.fork()).lockOfUser(randomUUID())).rejects.toThrow(
      'inside a transaction',
    );
  });
});
