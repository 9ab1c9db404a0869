import { Controller, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiProblemResponses } from '../../common/openapi';
import { PayPalWebhooksService } from './paypal-webhooks.service';

@ApiTags('billing')
@Controller('billing/paypal/webhook')
export class PayPalWebhooksController {
  constructor(private readonly webhooks: PayPalWebhooksService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: "PayPal's webhook deliveries: verified with PayPal, stored once and queued for the worker",
  })
  @ApiOkResponse({
    schema: { type: 'object', properties: { received: { type: 'boolean', example: true } } },
  })
  @ApiProblemResponses(400, 502, 503)
  async receive(@Req() request: RawBodyRequest<FastifyRequest>): Promise<{ received: true }> {
    await this.webhooks.receive({
      headers: request.headers,
      rawBody: request.rawBody?.toString('utf8') ?? '',
    });
    return { received: true };
  }
}
