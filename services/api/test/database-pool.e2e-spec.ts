import { migrateUp, ormConfig } from '@fxrates/db';
import { holdConnection, roundTrip } from '@fxrates/testing';
import { MikroORM } from '@mikro-orm/postgresql';
import { createServer, type Server, type Socket } from 'node:net';
import { startThrowawayPostgres } from '../../worker/test/support/throwaway-postgres';
import { isDatabaseUnreachable } from '../src/common/resilience';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fxrates_test';

/**
 * The connection pool as configured (libs/db orm-config). Its timeouts: a PostgreSQL that accepts
 * connections and never answers, or a pool whose connections are all taken, fails a query within
 * seconds with an error the API answers as 503 service-unavailable, instead of holding the request
 * until the client gives up. Its recovery: connections lost in the middle of a transaction go back.
 */
describe('Database connection pool', () => {
  let silent: Server;
  const held: Socket[] = [];

  beforeAll(async () => {
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up on a server that accepts and never answers', async () => {
    const { port } = silent.address() as { port: number };
    const orm = new MikroORM(ormConfig({ url: `postgres://postgres@127.0.0.1:${port}/fxrates`, poolMax: 2 }));
    try {
      const error = await roundTrip(orm.em).then(
        () => null,
        (rejection: unknown) => rejection,
      );
      expect(error).not.toBeNull();
      expect(isDatabaseUnreachable(error)).toBe(true);
      expect(held.length).toBeGreaterThan(0);
    } finally {
      await orm.close(true);
    }
  }, 20_000);

  it('gives up waiting for a pooled connection while every one is taken', async () => {
    const orm = await MikroORM.init(ormConfig({ url: DATABASE_URL, poolMax: 1 }));
    try {
      let release!: () => void;
      let taken!: () => void;
      const connectionTaken = new Promise<void>((resolve) => (taken = resolve));
      const holding = orm.em.fork().transactional(async (em) => {
        await roundTrip(em);
        taken();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await connectionTaken;
      const error = await roundTrip(orm.em, 2).then(
        () => null,
        (rejection: unknown) => rejection,
      );
      release();
      await holding;
      expect(error).not.toBeNull();
      expect(isDatabaseUnreachable(error)).toBe(true);
      await expect(roundTrip(orm.em, 3)).resolves.toBe(3);
    } finally {
      await orm.close(true);
    }
  }, 20_000);

  it('gets back the connections of transactions PostgreSQL was killed under, and serves after its restart', async () => {
    // Kysely before 0.29.9 kept the connection of a transaction whose rollback failed (the connection
    // was dead): each kill took as many connections for good, until none was left.
    const pg = await startThrowawayPostgres();
    await pg.createDatabase('fxrates');
    await migrateUp({ url: pg.urlOf('fxrates'), poolMax: 1 });
    const poolMax = 3;
    const orm = await MikroORM.init(ormConfig({ url: pg.urlOf('fxrates'), poolMax }));
    try {
      let inside = 0;
      let allInside!: () => void;
      const allStarted = new Promise<void>((resolve) => (allInside = resolve));
      const interrupted = Array.from({ length: poolMax }, () =>
        orm.em
          .fork()
          .transactional(async (em) => {
            await roundTrip(em);
            if (++inside === poolMax) allInside();
            await holdConnection(em, 60);
          })
          .then(
            () => 'committed',
            (error: unknown) => (isDatabaseUnreachable(error) ? 'unreachable' : String(error)),
          ),
      );
      await allStarted;
      await pg.kill();
      expect(await Promise.all(interrupted)).toEqual(Array(poolMax).fill('unreachable'));
      await pg.start();

      await expect(roundTrip(orm.em, 4)).resolves.toBe(4);
      await orm.em.fork().transactional((em) => roundTrip(em, 5));
    } finally {
      await orm.close(true);
      await pg.destroy();
    }
  }, 60_000);
});
