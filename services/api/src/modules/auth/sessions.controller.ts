import { Controller, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { ErrorCode } from '@fxrates/domain';
import type { FastifyReply } from 'fastify';
import { ApiProblems } from '../../common/openapi';
import { SessionResponseDto } from './dto/session.response';
import { SessionsService } from './sessions.service';

@ApiTags('auth')
@Controller('auth')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Post('session')
  @HttpCode(201)
  @UseGuards(ThrottlerGuard)
  @ApiOperation({
    operationId: 'createSession',
    summary: 'Create an anonymous session for the landing-page converter (valid 12 hours)',
    description: 'The token grants the converter only; send it as X-Session-Token. Throttled per IP.',
    security: [],
  })
  @ApiCreatedResponse({ type: SessionResponseDto })
  @ApiProblems(ErrorCode.RateLimited, ErrorCode.ServiceUnavailable)
  create(@Res({ passthrough: true }) reply: FastifyReply): Promise<SessionResponseDto> {
    // The answer carries a credential: no cache on the way may keep it.
    void reply.header('Cache-Control', 'no-store');
    return this.sessions.create();
  }
}
