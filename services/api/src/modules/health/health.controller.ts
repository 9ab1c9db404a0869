import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ShutdownState } from '../../common/resilience';
import { LivenessDto, ReadinessDto } from './dto/health.response';
import { HealthService, type Readiness } from './health.service';

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthService,
    private readonly shutdown: ShutdownState,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'getLiveness',
    summary: 'Liveness: the process is up and serving HTTP',
    description: 'Answers without touching PostgreSQL or Redis.',
    security: [],
  })
  @ApiOkResponse({ type: LivenessDto })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('live')
  @ApiOperation({
    operationId: 'getLivenessAlias',
    summary: 'Liveness (alias for probes)',
    description: 'The same answer as GET /api/health.',
    security: [],
  })
  @ApiOkResponse({ type: LivenessDto })
  liveAlias(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'Readiness: PostgreSQL and Redis reachable, rates table loaded, not shutting down',
    description:
      'Each dependency is checked with a 2-second timeout; the body says which is down. A public-api ' +
      'instance (API_ROUTES=public-api) stays ready while PostgreSQL is down: it serves the keys it knows. ' +
      'From SIGTERM on the status is `draining` (503): the instance finishes the requests in hand and takes no new ones.',
    security: [],
  })
  @ApiOkResponse({ description: 'Ready', type: ReadinessDto })
  @ApiServiceUnavailableResponse({
    description: 'A dependency is down (the body names it), or the instance is shutting down',
    type: ReadinessDto,
  })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    const readiness = await this.health.readiness();
    if (this.shutdown.draining) readiness.status = 'draining';
    if (readiness.status !== 'ok') void reply.status(503);
    return readiness;
  }
}
