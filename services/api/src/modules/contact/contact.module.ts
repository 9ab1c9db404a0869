import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@fxrates/queues';
import { ContactController } from './contact.controller';
import { ContactLimits } from './contact-limits';
import { ContactService } from './contact.service';
import { RecaptchaVerifier } from './recaptcha.verifier';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.email })],
  controllers: [ContactController],
  providers: [ContactService, ContactLimits, RecaptchaVerifier],
})
export class ContactModule {}
