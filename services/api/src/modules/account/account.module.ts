import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@fxrates/queues';
import { AuthModule } from '../auth';
import { BillingModule } from '../billing';
import { KeysModule } from '../keys';
import { AccountController } from './account.controller';
import { AccountDataController } from './account-data.controller';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportService } from './account-export.service';
import { AccountService } from './account.service';
import { PaymentsService } from './payments.service';

@Module({
  imports: [AuthModule, BillingModule, KeysModule, BullModule.registerQueue({ name: QUEUES.email })],
  controllers: [AccountController, AccountDataController],
  providers: [AccountService, PaymentsService, AccountExportService, AccountDeletionService],
})
export class AccountModule {}
