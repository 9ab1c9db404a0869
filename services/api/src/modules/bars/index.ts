/** Intraday bars (OHLC) of a pair, as the worker keeps them: the public API's `ohlc` route reads them here. */
export { BarsModule } from './bars.module';
export { IntradayBars, type Bar } from './intraday-bars';
