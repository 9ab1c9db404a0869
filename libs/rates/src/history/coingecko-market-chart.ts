import { isRecord } from '../providers/provider-http';
import { readRate } from '../providers/provider-values';
import type { DailyCandle } from './exchange-candles';

const DAY_MS = 86_400_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * CoinGecko `GET /api/v3/coins/{id}/market_chart/range?vs_currency=usd&from&to` (`{prices: [[ms,
 * price], …], market_caps, total_volumes}`, USD per coin as JSON numbers) as daily closes, oldest
 * first. Over a range longer than 90 days CoinGecko gives one point a day at 00:00 UTC: the point
 * at D+1 00:00 is the price as day D ends, the instant Binance's day-D kline closes, so it is D's
 * close. Points at any other time (an hourly range, the live price CoinGecko appends when `to` is
 * now) are no day's close and are passed over. Throws on any other shape or a price that is not a
 * positive number: a page is taken whole or not at all.
 */
export function parseCoinGeckoMarketChart(body: unknown): DailyCandle[] {
  if (!isRecord(body) || !Array.isArray(body.prices)) {
    throw new Error('CoinGecko: a market chart without a prices array');
  }
  for (const series of ['market_caps', 'total_volumes'] as const) {
    if (body[series] !== undefined && !Array.isArray(body[series])) {
      throw new Error(`CoinGecko: ${series} is not an array`);
    }
  }
  const closes = new Map<string, DailyCandle>();
  for (const point of body.prices as unknown[]) {
    if (!Array.isArray(point) || point.length < 2 || !Number.isSafeInteger(point[0])) {
      throw new Error(`CoinGecko: not a price point: ${JSON.stringify(point)?.slice(0, 80)}`);
    }
    const at = point[0] as number;
    // A JSON number: its shortest text is the literal CoinGecko wrote.
    if (typeof point[1] !== 'number') throw new Error(`CoinGecko: the price at ${at} is not a number`);
    const reading = readRate(point[1]);
    if ('reason' in reading) throw new Error(`CoinGecko: the price at ${at} is ${reading.reason}`);
    if (at % DAY_MS !== 0) continue;
    const day = dayOf(at - DAY_MS);
    closes.set(day, { day, close: reading.rate });
  }
  return [...closes.values()].sort((a, b) => a.day.localeCompare(b.day));
}
