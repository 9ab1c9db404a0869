import { Module } from '@nestjs/common';
import { RatesModule } from '../rates';
import { KeysModule } from '../keys';
import { HistoryModule } from '../history';
import { MeteringModule } from '../metering';
import { StreamsModule } from '../streams';
import { PublicApiRoutes } from './public-api.routes';

@Module({
  imports: [RatesModule, HistoryModule, KeysModule, MeteringModule, StreamsModule],
  providers: [PublicApiRoutes],
  exports: [PublicApiRoutes],
})
export class PublicApiModule {}
