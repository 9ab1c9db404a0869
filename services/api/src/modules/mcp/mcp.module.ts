import { Module } from '@nestjs/common';
import { KeysModule } from '../keys';
import { PublicApiModule } from '../public-api';
import { McpController } from './mcp.controller';
import { McpService } from './mcp.service';
import { McpToolCalls } from './mcp-tool-calls';

@Module({
  imports: [KeysModule, PublicApiModule],
  controllers: [McpController],
  providers: [McpService, McpToolCalls],
})
export class McpModule {}
