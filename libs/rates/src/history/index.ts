export * from './exchange-candles';
export * from './frankfurter-range';
export * from './coingecko-market-chart';
