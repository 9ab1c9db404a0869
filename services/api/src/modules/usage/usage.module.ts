import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { MeteringModule } from '../metering';
import { UsageBreakdownController } from './usage-breakdown.controller';
import { UsageBreakdownCounter } from './usage-breakdown-counter';
import { UsageBreakdownService } from './usage-breakdown.service';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';

@Module({
  imports: [AuthModule, MeteringModule],
  controllers: [UsageController, UsageBreakdownController],
  providers: [UsageService, UsageBreakdownCounter, UsageBreakdownService],
  exports: [UsageBreakdownCounter, UsageBreakdownService],
})
export class UsageModule {}
