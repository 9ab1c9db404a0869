import { Module } from '@nestjs/common';
import { RatesModule } from '../rates/rates.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({ imports: [RatesModule], controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}
