import { Module } from '@nestjs/common';
import { CurrentRatesModule } from '../current-rates';
import { KeysModule } from '../keys';
import { MeteringModule } from '../metering';
import { StreamHub } from './stream-hub';

/** Rate streams (GET /api/v1/stream): their fan-out, heartbeats, metering and concurrency cap. */
@Module({
  imports: [CurrentRatesModule, KeysModule, MeteringModule],
  providers: [StreamHub],
  exports: [StreamHub],
})
export class StreamsModule {}
