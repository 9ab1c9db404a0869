import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { HealthService, type Readiness } from './health.service';

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ summary: 'Liveness: the process is up and serving HTTP' })
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('live')
  @ApiOperation({ summary: 'Liveness (alias for probes)' })
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  liveAlias(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: PostgreSQL and Redis reachable, rates table loaded' })
  @ApiOkResponse({ description: 'Ready' })
  @ApiServiceUnavailableResponse({ description: 'A dependency is down; the body names it' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    const readiness = await this.health.readiness();
    if (readiness.status !== 'ok') void reply.status(503);
    return readiness;
  }
}
