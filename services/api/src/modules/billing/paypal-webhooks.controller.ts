import { Controller, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode } from '@fxrates/domain';
import type { FastifyRequest } from 'fastify';
import { ApiProblems } from '../../common/openapi';
import { ApiPayPalTransmissionHeaders, PayPalEventDto } from './dto/paypal-event.body';
import { WebhookReceivedDto } from './dto/webhook-received.response';
import { PayPalWebhooksService } from './paypal-webhooks.service';

@ApiTags('billing')
@Controller('billing/paypal/webhook')
export class PayPalWebhooksController {
  constructor(private readonly webhooks: PayPalWebhooksService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'receivePayPalWebhook',
    summary: "PayPal's webhook deliveries: verified with PayPal, stored once and queued for the worker",
    description:
      'Called by PayPal only. Authenticated by its signature headers, which PayPal itself verifies; ' +
      'a delivery we do not accept is redelivered.',
    security: [],
  })
  @ApiPayPalTransmissionHeaders()
  @ApiBody({ type: PayPalEventDto })
  @ApiOkResponse({ type: WebhookReceivedDto })
  @ApiProblems(
    ErrorCode.WebhookSignatureInvalid,
    ErrorCode.PaymentProviderUnavailable,
    ErrorCode.BillingNotConfigured,
  )
  async receive(@Req() request: RawBodyRequest<FastifyRequest>): Promise<{ received: true }> {
    await this.webhooks.receive({
      headers: request.headers,
      rawBody: request.rawBody?.toString('utf8') ?? '',
    });
    return { received: true };
  }
}
