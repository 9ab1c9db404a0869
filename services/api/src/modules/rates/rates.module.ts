import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ConvertRoute } from './convert.route';
import { ConverterAccess } from './converter-access';
import { CurrentRates } from './current-rates';
import { PairHistory } from './pair-history';
import { PairHistoryRoute } from './pair-history.route';
import { RatesService } from './rates.service';

@Module({
  imports: [AuthModule],
  providers: [CurrentRates, RatesService, ConverterAccess, ConvertRoute, PairHistory, PairHistoryRoute],
  exports: [CurrentRates],
})
export class RatesModule {}
