export * from './exchange-candles';
export * from './frankfurter-range';
