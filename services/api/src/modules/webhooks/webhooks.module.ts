import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@fxrates/queues';
import { AuthModule } from '../auth';
import { KeysModule } from '../keys';
import { WebhooksKeyController } from './webhooks-key.controller';
import { WebhooksKeyGuard } from './webhooks-key.guard';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

@Module({
  imports: [AuthModule, KeysModule, BullModule.registerQueue({ name: QUEUES.webhooks })],
  controllers: [WebhooksController, WebhooksKeyController],
  providers: [WebhooksService, WebhooksKeyGuard],
  exports: [WebhooksService],
})
export class WebhooksModule {}
