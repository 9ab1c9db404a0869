import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig, RateHistoryRepository } from '@fxrates/db';
import { RateDecimal, type GoodValue, type ProviderId } from '@fxrates/rates';
import { RateHistoryWriter } from '../src/rates/rate-history-writer';

/** rate_history keeps, per source, day and currency, the newest value the providers gave. */
describe('RateHistoryWriter', () => {
  let orm: MikroORM;
  let history: RateHistoryRepository;
  let writer: RateHistoryWriter;
  // A source of its own, so files running in parallel never meet these rows.
  const source = `test-${randomBytes(4).toString('hex')}` as ProviderId;
  const value = (perUsd: string, observedAt: string): GoodValue => ({
    perUsd: new RateDecimal(perUsd),
    observedAt,
    day: observedAt.slice(0, 10),
  });
  const stored = async () =>
    (await history.storedCloses({ sources: [source] })).map(({ day, currency, rate }) => ({
      day,
      currency,
      rate,
    }));

  beforeAll(async () => {
    orm = await MikroORM.init(
      ormConfig({
        url: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fxrates_test',
        poolMax: 2,
      }),
    );
    writer = new RateHistoryWriter(new RateHistoryRepository(orm.em.fork()));
    history = new RateHistoryRepository(orm.em.fork());
  });
  afterAll(async () => {
    await history.deleteCloses({ sources: [source] });
    await orm.close();
  });

  it('keeps the latest intraday value of a day, and never lets an older one replace it', async () => {
    await writer.write(source, new Map([['BTC', value('0.0000125', '2026-11-20T10:00:00.000Z')]]));
    await writer.write(source, new Map([['BTC', value('0.0000124', '2026-11-20T18:00:00.000Z')]]));
    // A slow fetch answering late with a value from the morning.
    await writer.write(source, new Map([['BTC', value('0.0000130', '2026-11-20T09:00:00.000Z')]]));
    expect(await stored()).toEqual([{ day: '2026-11-20', currency: 'BTC', rate: '0.0000124' }]);
  });

  it('starts a new row on the next day, leaving the close of the day before', async () => {
    await writer.write(
      source,
      new Map([
        ['BTC', value('0.0000120', '2026-11-21T00:05:00.000Z')],
        ['ETH', value('0.0004', '2026-11-21T00:05:00.000Z')],
      ]),
    );
    expect(await stored()).toEqual([
      { day: '2026-11-20', currency: 'BTC', rate: '0.0000124' },
      { day: '2026-11-21', currency: 'BTC', rate: '0.000012' },
      { day: '2026-11-21', currency: 'ETH', rate: '0.0004' },
    ]);
  });
});
