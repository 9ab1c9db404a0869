import { Module } from '@nestjs/common';
import { KeysModule } from '../keys';
import { UserPlansService } from './user-plans.service';

@Module({
  imports: [KeysModule],
  providers: [UserPlansService],
  exports: [UserPlansService],
})
export class PlansModule {}
