import { Module } from '@nestjs/common';
import { RateBarsRepository, repositoryProvider } from '@fxrates/db';
import { IntradayBars } from './intraday-bars';

/** Intraday bars from PostgreSQL: the public API's `ohlc` route. */
@Module({
  providers: [repositoryProvider(RateBarsRepository), IntradayBars],
  exports: [IntradayBars],
})
export class BarsModule {}
