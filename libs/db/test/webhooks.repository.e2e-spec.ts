import type { MikroORM } from '@mikro-orm/postgresql';
import type { WebhookEventEnvelope, WebhookEventType } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import { WebhookDelivery, WebhookEndpoint, WebhooksRepository } from '../src';
import { newUser } from './support/accounts';
import { connectOrm, unique } from './support/test-database';

/** webhook_endpoints and webhook_deliveries as the API and the worker use them, on real PostgreSQL. */
describe('WebhooksRepository', () => {
  let orm: MikroORM;
  const repo = () => new WebhooksRepository(orm.em.fork());

  beforeAll(async () => {
    orm = await connectOrm();
  });
  afterAll(() => orm.close());

  async function endpoint(
    userId: string,
    options: {
      events?: WebhookEventType[];
      pairs?: string[];
      minChangePercent?: string;
      status?: 'active' | 'disabled';
    } = {},
  ): Promise<string> {
    const em = orm.em.fork();
    const id = randomUUID();
    em.create(WebhookEndpoint, {
      id,
      userId,
      url: `https://hooks.example.com/${unique()}`,
      description: '',
      events: options.events ?? ['rates.published'],
      pairs: options.pairs ?? [],
      minChangePercent: options.minChangePercent ?? '0',
      secretSealed: 'v1.sealed',
      status: options.status ?? 'active',
      disabledReason: null,
      disabledAt: null,
      failedDeliveriesInRow: 0,
      disabledNoticeEmailedAt: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
    return id;
  }

  const event = (type: WebhookEventType): WebhookEventEnvelope => ({
    id: `evt_${unique(8)}`,
    type,
    createdAt: new Date().toISOString(),
    data: {},
  });
  const deliveriesOf = (endpointId: string) => orm.em.fork().find(WebhookDelivery, { endpointId });

  it("fans an account's event out to its active endpoints of that type only, once however often it runs", async () => {
    const owner = await newUser(orm.em);
    const other = await newUser(orm.em);
    const subscribed = await endpoint(owner, { events: ['alert.triggered'] });
    const otherType = await endpoint(owner, { events: ['rates.published'] });
    const disabled = await endpoint(owner, { events: ['alert.triggered'], status: 'disabled' });
    const othersEndpoint = await endpoint(other, { events: ['alert.triggered'] });
    const alert = event('alert.triggered');

    const first = await repo().fanOut(alert, { userId: owner });
    const again = await repo().fanOut(alert, { userId: owner });

    expect(first).toHaveLength(1);
    expect(again).toEqual(first);
    expect((await deliveriesOf(subscribed)).map((d) => d.id)).toEqual(first);
    for (const none of [otherType, disabled, othersEndpoint]) expect(await deliveriesOf(none)).toEqual([]);
  });

  it('fans rate.changed out to the endpoints watching the pair whose minimum change it reaches', async () => {
    const owner = await newUser(orm.em);
    const pair = `X${unique(1).toUpperCase()}/USD`;
    const strict = await endpoint(owner, { events: ['rate.changed'], pairs: [pair], minChangePercent: '1' });
    const eager = await endpoint(owner, { events: ['rate.changed'], pairs: [pair, 'EUR/USD'] });
    const elsewhere = await endpoint(owner, { events: ['rate.changed'], pairs: ['GBP/USD'] });

    await repo().fanOut(event('rate.changed'), { pair, changePercent: '-0.5' });
    expect(await deliveriesOf(strict)).toHaveLength(0);
    expect(await deliveriesOf(eager)).toHaveLength(1);
    await repo().fanOut(event('rate.changed'), { pair, changePercent: '-1.0001' });
    expect(await deliveriesOf(strict)).toHaveLength(1);
    expect(await deliveriesOf(eager)).toHaveLength(2);
    expect(await deliveriesOf(elsewhere)).toHaveLength(0);
    expect((await repo().watchedPairs()).get(pair)).toBe(0);
  });

  it('counts an event delivered to two endpoints of one account once, even at once', async () => {
    const owner = await newUser(orm.em);
    const first = await endpoint(owner);
    const second = await endpoint(owner);
    const published = event('rates.published');
    await repo().fanOut(published, { everyone: true });
    const [a] = await deliveriesOf(first);
    const [b] = await deliveriesOf(second);

    const counted = await Promise.all([
      repo().delivered(a, 200, '2026-12-01'),
      repo().delivered(b, 200, '2026-12-01'),
    ]);

    expect(counted.filter(Boolean)).toHaveLength(1);
    expect(await repo().meteredOn(owner, '2026-12-01')).toBe(1);
    expect((await deliveriesOf(first))[0]).toMatchObject({ status: 'delivered', lastStatus: 200 });
    expect((await deliveriesOf(second))[0]).toMatchObject({ status: 'delivered', lastStatus: 200 });
    // Delivered again (a stalled job run twice): not counted again.
    expect(await repo().delivered(a, 200, '2026-12-01')).toBe(false);
    expect(await repo().meteredOn(owner, '2026-12-01')).toBe(1);
  });

  it('disables an endpoint once its run of exhausted deliveries reaches the limit, answering that once; a delivery ends the run', async () => {
    const owner = await newUser(orm.em);
    const id = await endpoint(owner);
    const published = event('rates.published');
    await repo().fanOut(published, { userId: owner });
    const [delivery] = await deliveriesOf(id);

    expect(await repo().deliveryExhausted(id, 2, 'down')).toBeNull();
    await repo().delivered(delivery, 204, null);
    expect((await orm.em.fork().findOneOrFail(WebhookEndpoint, { id })).failedDeliveriesInRow).toBe(0);
    expect(await repo().deliveryExhausted(id, 2, 'down')).toBeNull();
    expect(await repo().deliveryExhausted(id, 2, 'down')).toMatchObject({ id, user_id: owner });
    expect(await repo().deliveryExhausted(id, 2, 'down')).toBeNull();
    expect(await orm.em.fork().findOneOrFail(WebhookEndpoint, { id })).toMatchObject({
      status: 'disabled',
      disabledReason: 'down',
      failedDeliveriesInRow: 2,
    });
    expect(await repo().hasActiveEndpointFor(owner, 'rates.published')).toBe(false);
  });

  it('pages deliveries newest first', async () => {
    const owner = await newUser(orm.em);
    const id = await endpoint(owner);
    for (let i = 0; i < 3; i++) await repo().fanOut(event('rates.published'), { userId: owner });
    const all = (await deliveriesOf(id)).sort(
      (x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (y.id < x.id ? -1 : 1),
    );

    const page = await repo().deliveriesOf(id, 2);
    const rest = await repo().deliveriesOf(id, 2, page.next!);

    expect([...page.deliveries, ...rest.deliveries].map((d) => d.id)).toEqual(all.map((d) => d.id));
    expect(rest.next).toBeNull();
  });
});
