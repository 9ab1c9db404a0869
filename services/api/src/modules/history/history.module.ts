import { Module } from '@nestjs/common';
import { RateHistoryRepository, repositoryProvider } from '@fxrates/db';
import { CurrentRatesModule } from '../current-rates';
import { PairHistory } from './pair-history';
import { RateHistory } from './rate-history';

/** Daily closes from PostgreSQL: the public API's history endpoints and the converter's sparkline. */
@Module({
  imports: [CurrentRatesModule],
  providers: [repositoryProvider(RateHistoryRepository), RateHistory, PairHistory],
  exports: [RateHistory, PairHistory],
})
export class HistoryModule {}
