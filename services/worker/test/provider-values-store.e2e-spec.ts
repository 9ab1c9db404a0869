import { randomBytes } from 'node:crypto';
import { ProviderValuesStore, RateDecimal, type GoodValue } from '@fxrates/rates';
import { Redis } from 'ioredis';

/** Each provider's last good values in Redis, as two overlapping runs of one provider leave them. */
describe('ProviderValuesStore.save', () => {
  const prefix = `fxrates-test-${randomBytes(4).toString('hex')}:`;
  let redis: Redis;
  let store: ProviderValuesStore;
  const value = (perUsd: string, observedAt: string): GoodValue => ({
    perUsd: new RateDecimal(perUsd),
    observedAt,
    day: observedAt.slice(0, 10),
  });
  const stored = async (code: string) => (await store.load('binance')).get(code)?.perUsd.toString();

  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15');
    store = new ProviderValuesStore(redis, prefix);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('keeps the newer value when a slower, older run finishes last', async () => {
    await store.save(
      'binance',
      new Map([
        ['BTC', value('0.0000125', '2026-11-24T10:00:10.000Z')],
        ['ETH', value('0.0004', '2026-11-24T10:00:10.000Z')],
      ]),
    );
    await store.save(
      'binance',
      new Map([
        ['BTC', value('0.0000130', '2026-11-24T10:00:00.000Z')], // older: refused
        ['ETH', value('0.00041', '2026-11-24T10:00:20.000Z')], // newer: taken
        ['SOL', value('0.007', '2026-11-24T10:00:00.000Z')], // new: taken
      ]),
    );
    expect([await stored('BTC'), await stored('ETH'), await stored('SOL')]).toEqual([
      '0.0000125',
      '0.00041',
      '0.007',
    ]);
  });

  it('replaces an entry written before timestamps were kept in milliseconds', async () => {
    await redis.hset(
      `${prefix}rates:provider:binance`,
      'XRP',
      JSON.stringify({ r: '0.5', t: '2026-11-24T11:00:00.000Z', d: '2026-11-24' }),
    );
    await store.save('binance', new Map([['XRP', value('0.49', '2026-11-24T10:00:00.000Z')]]));
    expect(await stored('XRP')).toBe('0.49');
  });
});
