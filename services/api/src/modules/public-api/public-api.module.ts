import { Module } from '@nestjs/common';
import { CurrentRatesModule } from '../current-rates';
import { KeysModule } from '../keys';
import { HistoryModule } from '../history';
import { MeteringModule } from '../metering';
import { StreamsModule } from '../streams';
import { UsageModule } from '../usage';
import { PublicApiRoutes } from './public-api.routes';

@Module({
  imports: [CurrentRatesModule, HistoryModule, KeysModule, MeteringModule, StreamsModule, UsageModule],
  providers: [PublicApiRoutes],
  exports: [PublicApiRoutes],
})
export class PublicApiModule {}
