import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ConvertRoute } from './convert.route';
import { ConverterAccess } from './converter-access';
import { HistoryModule } from '../history';
import { CurrentRatesModule } from '../current-rates';
import { PairHistoryRoute } from './pair-history.route';
import { LandingConverterService } from './landing-converter.service';

@Module({
  imports: [AuthModule, CurrentRatesModule, HistoryModule],
  providers: [LandingConverterService, ConverterAccess, ConvertRoute, PairHistoryRoute],
})
export class LandingConverterModule {}
