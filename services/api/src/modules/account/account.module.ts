import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { PaymentsService } from './payments.service';

@Module({
  imports: [AuthModule],
  controllers: [AccountController],
  providers: [AccountService, PaymentsService],
})
export class AccountModule {}
