import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { ShutdownState } from '../../common/resilience';
import { CurrentRatesModule } from '../current-rates';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { RedisHealthIndicator } from './redis.health';

@Module({
  // Terminus logs nothing itself: a dependency that is down is named in the readiness answer, and
  // its connection logs the outage once (a probe every few seconds would log it again and again).
  imports: [TerminusModule.forRoot({ logger: false }), CurrentRatesModule],
  controllers: [HealthController],
  providers: [HealthService, RedisHealthIndicator, ShutdownState],
  exports: [ShutdownState],
})
export class HealthModule {}
