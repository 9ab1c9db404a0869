import { RateDecimal } from '../decimal';
import { readRate } from '../providers/provider-values';

const DAY_MS = 86_400_000;

/** An exchange's daily candle: the day it opened (00:00 UTC) and its close, quote units per 1 asset. */
export interface DailyCandle {
  day: string;
  close: RateDecimal;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Binance `GET /api/v3/klines?interval=1d` (arrays of [openTime ms, open, high, low, close, volume,
 * closeTime ms, …], prices as strings, oldest first) as daily candles. Throws on any other shape, a
 * kline not opening at 00:00 UTC or a close that is not a positive number: a page is taken whole or
 * not at all.
 */
export function parseBinanceKlines(body: unknown): DailyCandle[] {
  if (!Array.isArray(body)) throw new Error('Binance: klines are not an array');
  return (body as unknown[]).map((kline) => {
    if (!Array.isArray(kline) || kline.length < 7 || !Number.isSafeInteger(kline[0])) {
      throw new Error(`Binance: not a kline: ${JSON.stringify(kline)?.slice(0, 80)}`);
    }
    const openTime = kline[0] as number;
    if (openTime % DAY_MS !== 0)
      throw new Error(`Binance: a daily kline opens at ${openTime}, not 00:00 UTC`);
    if (typeof kline[4] !== 'string') throw new Error('Binance: a kline close is not a decimal string');
    const reading = readRate(kline[4]);
    if ('reason' in reading) throw new Error(`Binance: the close of ${dayOf(openTime)} is ${reading.reason}`);
    return { day: dayOf(openTime), close: reading.rate };
  });
}

/**
 * Coinbase Exchange `GET /products/{id}/candles?granularity=86400` (arrays of [time s, low, high,
 * open, close, volume], numbers, newest first) as daily candles, oldest first. Throws on any other
 * shape, a candle not starting at 00:00 UTC or a close that is not a positive number.
 */
export function parseCoinbaseCandles(body: unknown): DailyCandle[] {
  if (!Array.isArray(body)) throw new Error('Coinbase: candles are not an array');
  const candles = (body as unknown[]).map((candle) => {
    if (!Array.isArray(candle) || candle.length < 5 || !Number.isSafeInteger(candle[0])) {
      throw new Error(`Coinbase: not a candle: ${JSON.stringify(candle)?.slice(0, 80)}`);
    }
    const start = (candle[0] as number) * 1000;
    if (start % DAY_MS !== 0)
      throw new Error(`Coinbase: a daily candle starts at ${candle[0]}, not 00:00 UTC`);
    // A JSON number: its shortest text is the literal Coinbase wrote.
    if (typeof candle[4] !== 'number') throw new Error('Coinbase: a candle close is not a number');
    const reading = readRate(candle[4]);
    if ('reason' in reading) throw new Error(`Coinbase: the close of ${dayOf(start)} is ${reading.reason}`);
    return { day: dayOf(start), close: reading.rate };
  });
  return candles.sort((a, b) => a.day.localeCompare(b.day));
}
