import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { MeteringModule } from '../metering';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';

@Module({
  imports: [AuthModule, MeteringModule],
  controllers: [UsageController],
  providers: [UsageService],
})
export class UsageModule {}
