import { addDays } from '@fxrates/rates';
import request from 'supertest';
import { givenIn } from './support/given';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/**
 * GET /api/rates/history, the converter's 30-day sparkline. Seeds closes of ISK, THB and AAVE on
 * days relative to today, starting from none of its currencies' recent rows (an earlier file in this
 * worker's database may have recorded today's value of every currency from every live source).
 */
describe('GET /api/rates/history (converter sparkline)', () => {
  let t: TestApp;
  let session: string;
  const today = new Date().toISOString().slice(0, 10);
  const day = (offset: number) => addDays(today, offset);
  const history = (query: string) =>
    request(t.app.getHttpServer()).get(`/api/rates/history${query}`).set('X-Session-Token', session);

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    session = (await request(t.app.getHttpServer()).post('/api/auth/session').expect(201)).body.sessionToken;
    const rows: Array<[string, string, string, string]> = [
      ['ecb', day(-40), 'ISK', '120'], // outside the 30 days
      ['ecb', day(-3), 'ISK', '125'],
      ['ecb', day(-3), 'THB', '32'],
      ['ecb', day(-2), 'ISK', '126'], // no THB that day: the pair leaves the day out
      ['ecb', day(-1), 'ISK', '128'],
      ['ecb', day(-1), 'THB', '32.5'],
      ['coingecko', day(-1), 'AAVE', '0.0052'],
      ['binance', day(-1), 'AAVE', '0.005'], // preferred over CoinGecko
    ];
    const given = givenIn(t.app);
    await given.noCloses({ currencies: ['ISK', 'THB', 'AAVE', 'XOF'], from: day(-40) });
    for (const [source, rowDay, currency, rate] of rows)
      await given.closes({ [rowDay]: { [currency]: rate } }, source);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('crosses the closes of the last 30 days through USD, leaving out days either side lacks', async () => {
    const res = await history('?from=ISK&to=THB').expect(200);
    expect(res.body).toEqual({
      from: 'ISK',
      to: 'THB',
      start: day(-29),
      end: today,
      source: 'ecb',
      points: [
        { day: day(-3), rate: 0.256 }, // 32 / 125
        { day: day(-1), rate: 0.25390625 }, // 32.5 / 128
      ],
    });
  });

  it('takes USD as 1 and prefers the exchanges in source order for crypto', async () => {
    const usd = await history('?from=USD&to=ISK').expect(200);
    expect(usd.body.points).toEqual([
      { day: day(-3), rate: 125 },
      { day: day(-2), rate: 126 },
      { day: day(-1), rate: 128 },
    ]);
    const crypto = await history('?from=ISK&to=AAVE').expect(200);
    expect(crypto.body).toMatchObject({
      source: 'ecb,binance',
      points: [{ day: day(-1), rate: 0.0000390625 }], // 0.005 / 128
    });
  });

  it('answers an empty series for a pair without history, and refuses bad input like the converter', async () => {
    expect((await history('?from=USD&to=XOF').expect(200)).body).toMatchObject({ points: [], source: '' });
    expect((await history('?from=USD&to=NOPE').expect(400)).body.code).toBe('unknown-currency');
    expect((await history('?from=USD').expect(400)).body.code).toBe('missing-parameter');
    const anonymous = await request(t.app.getHttpServer())
      .get('/api/rates/history?from=USD&to=EUR')
      .expect(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
