import { Module } from '@nestjs/common';
import { FixingsRepository, repositoryProvider } from '@fxrates/db';
import { CurrentRatesModule } from '../current-rates';
import { HistoryModule } from '../history';
import { KeysModule } from '../keys';
import { MeteringModule } from '../metering';
import { UsageModule } from '../usage';
import { ConvertBatchController } from './convert-batch.controller';
import { ConvertBatchService } from './convert-batch.service';

/** POST /api/v1/convert/batch: many conversions in one metered call (see ConvertBatchController). */
@Module({
  imports: [CurrentRatesModule, HistoryModule, KeysModule, MeteringModule, UsageModule],
  controllers: [ConvertBatchController],
  providers: [ConvertBatchService, repositoryProvider(FixingsRepository)],
})
export class ConvertBatchModule {}
