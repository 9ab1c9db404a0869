import type { MikroORM } from '@mikro-orm/postgresql';
import {
  AUDIT_EVENTS_KEPT_PER_ACCOUNT,
  AUDIT_USER_AGENT_MAX,
  AccountDataRepository,
  AuditEvent,
  AuditEventsRepository,
  type NewAuditEvent,
} from '../src';
import { newUser } from './support/accounts';
import { connectOrm, unique } from './support/test-database';

/** The audit log's table against real PostgreSQL: written in a transaction or alone, read a page at a time, bounded. */
describe('AuditEventsRepository', () => {
  let orm: MikroORM;

  beforeAll(async () => {
    orm = await connectOrm();
  });
  afterAll(() => orm.close());

  const audit = () => new AuditEventsRepository(orm.em.fork());
  const signedIn = (userId: string, createdAt: Date, ip = '203.0.113.7'): NewAuditEvent => ({
    userId,
    action: 'signed-in',
    actor: { type: 'user', email: 'ada@example.test' },
    ip,
    createdAt,
  });
  const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second));
  const countOf = (userId: string) => orm.em.fork().count(AuditEvent, { user: userId });

  it('stores what it is told, the key as a plain id with its name and masked key, and reads it back', async () => {
    const userId = await newUser(orm.em);
    const keyId = '0b6c1e2d-3a4b-4c5d-8e7f-9a0b1c2d3f9a';
    await audit().add([
      {
        userId,
        action: 'key.restricted',
        actor: { type: 'user', email: 'ada@example.test' },
        target: { type: 'api-key', id: keyId, name: 'Production', maskedKey: 'fxrates_••••3f9a' },
        detail: { changes: ['scopes', 'allowedNetworks'], overlapHours: 24, test: false, note: null },
        ip: '2001:db8::1',
        userAgent: 'Mozilla/5.0',
        createdAt: at(1),
      },
      { userId, action: 'plan.changed', actor: { type: 'system', name: 'PayPal' }, createdAt: at(2) },
    ]);
    const [plan, key] = await audit().newestFirst(userId, 10);
    expect(key).toMatchObject({
      action: 'key.restricted',
      actorType: 'user',
      actorName: 'ada@example.test',
      targetKeyId: keyId,
      targetName: 'Production',
      targetMaskedKey: 'fxrates_••••3f9a',
      detail: { changes: ['scopes', 'allowedNetworks'], overlapHours: 24, test: false, note: null },
      ip: '2001:db8::1',
      userAgent: 'Mozilla/5.0',
      createdAt: at(1),
    });
    expect(plan).toMatchObject({
      actorType: 'system',
      actorName: 'PayPal',
      targetKeyId: null,
      detail: {},
      ip: null,
      userAgent: null,
    });
  });

  it('keeps no more of a User-Agent, nor of a forged address, than the columns hold', async () => {
    const userId = await newUser(orm.em);
    await audit().add([
      { ...signedIn(userId, at(1), `198.51.100.1,${'9'.repeat(200)}`), userAgent: 'A'.repeat(20_000) },
    ]);
    const [event] = await audit().newestFirst(userId, 1);
    expect(event.userAgent).toHaveLength(AUDIT_USER_AGENT_MAX);
    expect(event.ip).toHaveLength(64);
  });

  it('pages newest first, ties in time broken by id, and never shows another account’s events', async () => {
    const userId = await newUser(orm.em);
    const other = await newUser(orm.em);
    // Three in the same millisecond: the id orders them, and a page may end between them.
    await audit().add([at(1), at(2), at(2), at(2), at(3)].map((time) => signedIn(userId, time)));
    await audit().add([signedIn(other, at(2))]);

    const all = await audit().newestFirst(userId, 100);
    expect(all).toHaveLength(5);
    const pages: string[][] = [];
    let after: AuditEvent | undefined;
    do {
      const page = await audit().newestFirst(
        userId,
        2,
        after && { createdAt: after.createdAt, id: after.id },
      );
      pages.push(page.map((event) => event.id));
      after = page.at(-1);
    } while (pages.at(-1)!.length === 2);
    expect(pages.flat()).toEqual(all.map((event) => event.id));
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    const sorted = [...all].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
    );
    expect(all.map((event) => event.id)).toEqual(sorted.map((event) => event.id));
  });

  it('writes an event staged in a transaction with it, or not at all', async () => {
    const userId = await newUser(orm.em);
    await orm.em.fork().transactional(async (tx) => {
      new AuditEventsRepository(tx).stage(signedIn(userId, at(1)));
    });
    await expect(
      orm.em.fork().transactional(async (tx) => {
        new AuditEventsRepository(tx).stage(signedIn(userId, at(2)));
        await tx.flush();
        throw new Error('the change it recorded failed');
      }),
    ).rejects.toThrow('the change it recorded failed');
    expect((await audit().newestFirst(userId, 10)).map((event) => event.createdAt)).toEqual([at(1)]);
  });

  it(`keeps an account’s newest ${AUDIT_EVENTS_KEPT_PER_ACCOUNT} events, whatever writes them, and no other account’s are touched`, async () => {
    const userId = await newUser(orm.em);
    const neighbour = await newUser(orm.em);
    await audit().add([signedIn(neighbour, at(0))]);
    const old = Array.from({ length: AUDIT_EVENTS_KEPT_PER_ACCOUNT }, (_, i) =>
      signedIn(userId, new Date(at(0).getTime() + i), `10.0.${Math.floor(i / 256)}.${i % 256}`),
    );
    await audit().add(old);
    expect(await countOf(userId)).toBe(AUDIT_EVENTS_KEPT_PER_ACCOUNT);

    // Three more, one on its own and two staged in a transaction: the three oldest go.
    await audit().add([signedIn(userId, at(60))]);
    await orm.em.fork().transactional(async (tx) => {
      new AuditEventsRepository(tx).stage(signedIn(userId, at(61)));
      new AuditEventsRepository(tx).stage(signedIn(userId, at(62)));
    });
    expect(await countOf(userId)).toBe(AUDIT_EVENTS_KEPT_PER_ACCOUNT);
    const oldest = await orm.em
      .fork()
      .find(AuditEvent, { user: userId }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: 1 });
    expect(oldest[0].ip).toBe('10.0.0.3');
    expect(await countOf(neighbour)).toBe(1);
  });

  it('is erased with the account', async () => {
    const userId = await newUser(orm.em);
    await audit().add([signedIn(userId, at(1))]);
    await orm.em.fork().transactional((tx) =>
      new AccountDataRepository(tx).erase(userId, {
        cancelledSubscriptions: [],
        deletedAddress: `deleted-${unique()}@example.invalid`,
        unusablePasswordHash: '!',
        deletedAt: new Date(),
      }),
    );
    expect(await countOf(userId)).toBe(0);
  });
});
