import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { AuthModule } from '../auth';
import { KeysController } from './keys.controller';
import { ApiKeyResolver } from './api-key-resolver';
import { KeysService } from './keys.service';

@Module({
  imports: [AuthModule, AuditModule],
  controllers: [KeysController],
  providers: [KeysService, ApiKeyResolver],
  exports: [KeysService, ApiKeyResolver],
})
export class KeysModule {}
