import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode } from '@fxrates/domain';
import type { FastifyRequest } from 'fastify';
import { ApiProblems } from '../../common/openapi';
import { ContactService } from './contact.service';
import { ContactBody } from './dto/contact.body';
import { ContactAcceptedDto } from './dto/contact-accepted.response';

@ApiTags('contact')
@Controller('v1/contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({
    operationId: 'sendContactMessage',
    summary:
      'Send a message to support (reCAPTCHA v3, limited per IP and per email address); emailed by the worker',
    description:
      'Stored before it is emailed, so an accepted message is never lost. Over either hourly limit: 429 `rate-limited` with Retry-After and a message saying how long to wait.',
    security: [],
  })
  @ApiAcceptedResponse({ type: ContactAcceptedDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.InvalidEmail,
    ErrorCode.RecaptchaFailed,
    ErrorCode.RateLimited,
    ErrorCode.RecaptchaUnavailable,
  )
  async send(@Body() body: ContactBody, @Req() request: FastifyRequest): Promise<{ success: true }> {
    await this.contact.receive(body, request.ip, request.id);
    return { success: true };
  }
}
