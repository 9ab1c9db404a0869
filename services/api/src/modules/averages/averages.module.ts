import { Module } from '@nestjs/common';
import { FixingsRepository, repositoryProvider } from '@fxrates/db';
import { HistoryModule } from '../history';
import { RateAverages } from './rate-averages';

/** Period averages of daily closes or of a cut's fixings (the public API's /rates/average). */
@Module({
  imports: [HistoryModule],
  providers: [repositoryProvider(FixingsRepository), RateAverages],
  exports: [RateAverages],
})
export class AveragesModule {}
