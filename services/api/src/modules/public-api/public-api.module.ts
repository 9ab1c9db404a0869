import { Module } from '@nestjs/common';
import { AveragesModule } from '../averages';
import { BarsModule } from '../bars';
import { CurrentRatesModule } from '../current-rates';
import { FixingsModule } from '../fixings';
import { KeysModule } from '../keys';
import { HistoryModule } from '../history';
import { MeteringModule } from '../metering';
import { StreamsModule } from '../streams';
import { UsageModule } from '../usage';
import { PublicApiRoutes } from './public-api.routes';

@Module({
  imports: [
    AveragesModule,
    BarsModule,
    CurrentRatesModule,
    FixingsModule,
    HistoryModule,
    KeysModule,
    MeteringModule,
    StreamsModule,
    UsageModule,
  ],
  providers: [PublicApiRoutes],
  exports: [PublicApiRoutes],
})
export class PublicApiModule {}
