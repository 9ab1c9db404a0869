import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle, Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { ApiProblemResponses } from '../../common/openapi';
import { ContactService } from './contact.service';
import { ContactBody } from './dto/contact.body';

@ApiTags('contact')
@Controller('v1/contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @HttpCode(202)
  @UseGuards(ThrottlerGuard)
  @SkipThrottle({ default: true })
  @Throttle({ contact: {} })
  @ApiOperation({
    summary: 'Send a message to support (reCAPTCHA v3, throttled per IP); emailed by the worker',
  })
  @ApiAcceptedResponse({
    schema: { type: 'object', properties: { success: { type: 'boolean', example: true } } },
  })
  @ApiProblemResponses(400, 429, 503)
  async send(@Body() body: ContactBody, @Req() request: FastifyRequest): Promise<{ success: true }> {
    await this.contact.receive(body, request.ip);
    return { success: true };
  }
}
