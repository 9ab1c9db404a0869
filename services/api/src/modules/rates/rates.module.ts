import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ConvertRoute } from './convert.route';
import { ConverterAccess } from './converter-access';
import { HistoryModule } from '../history';
import { CurrentRatesModule } from '../current-rates';
import { PairHistoryRoute } from './pair-history.route';
import { RatesService } from './rates.service';

@Module({
  imports: [AuthModule, CurrentRatesModule, HistoryModule],
  providers: [RatesService, ConverterAccess, ConvertRoute, PairHistoryRoute],
  exports: [CurrentRatesModule],
})
export class RatesModule {}
