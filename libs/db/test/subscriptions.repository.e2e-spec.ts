import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { SubscriptionsRepository } from '../src';
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
    const order: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const firstLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = orm.em.fork().transactional(async (tx) => {
      await new SubscriptionsRepository(tx).lockOfUser(userId);
      locked();
      await released;
      order.push('first done');
    });
    await firstLocked;
    const second = orm.em.fork().transactional(async (tx) => {
      await new SubscriptionsRepository(tx).lockOfUser(userId);
      order.push('second locked');
    });
    await orm.em.fork().transactional((tx) => new SubscriptionsRepository(tx).lockOfUser(otherId));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first done', 'second locked']);
  });

  it('refuses to lock outside a transaction, where the lock would end at once', async () => {
    await expect(new SubscriptionsRepository(orm.em.fork()).lockOfUser(randomUUID())).rejects.toThrow(
      'inside a transaction',
    );
  });
});
