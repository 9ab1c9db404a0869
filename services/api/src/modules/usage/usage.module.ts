import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PublicApiModule } from '../public-api/public-api.module';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';

@Module({
  imports: [AuthModule, PublicApiModule],
  controllers: [UsageController],
  providers: [UsageService],
})
export class UsageModule {}
