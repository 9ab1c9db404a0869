import { Controller, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode } from '@fxrates/domain';
import type { FastifyRequest } from 'fastify';
import { BodyLimit } from '../../common/input';
import { ApiProblems } from '../../common/openapi';
import { ApiPayPalTransmissionHeaders, PayPalEventDto } from './dto/paypal-event.body';
import { WebhookReceivedDto } from './dto/webhook-received.response';
import { PayPalWebhooksService } from './paypal-webhooks.service';
import { PAYPAL_WEBHOOK_BODY_LIMIT_BYTES } from './webhook-delivery';

@ApiTags('billing')
@Controller('billing/paypal/webhook')
export class PayPalWebhooksController {
  constructor(private readonly webhooks: PayPalWebhooksService) {}

  @Post()
  @BodyLimit(PAYPAL_WEBHOOK_BODY_LIMIT_BYTES)
  @HttpCode(200)
  @ApiOperation({
    operationId: 'receivePayPalWebhook',
    summary: "PayPal's webhook deliveries: signature verified, stored once and queued for the worker",
    description:
      "Called by PayPal only. Authenticated by its signature headers, verified with PayPal's signing " +
      'certificate (fetched from PayPal once and cached), never by a call per delivery. A delivery ' +
      `sent more than PAYPAL_WEBHOOK_TOLERANCE_MS from now is refused, the same delivery again is ` +
      `answered 200 with nothing done, bodies over ${PAYPAL_WEBHOOK_BODY_LIMIT_BYTES / 1024} KB are 413, ` +
      'and each address is limited (PAYPAL_WEBHOOK_IP_PER_MINUTE). A delivery we do not accept is redelivered by PayPal.',
    security: [],
  })
  @ApiPayPalTransmissionHeaders()
  @ApiBody({ type: PayPalEventDto })
  @ApiOkResponse({ type: WebhookReceivedDto })
  @ApiProblems(
    ErrorCode.WebhookSignatureInvalid,
    ErrorCode.WebhookStale,
    ErrorCode.WebhookReplayed,
    ErrorCode.PayloadTooLarge,
    ErrorCode.RateLimited,
    ErrorCode.PaymentProviderUnavailable,
    ErrorCode.ServiceUnavailable,
    ErrorCode.BillingNotConfigured,
  )
  async receive(@Req() request: RawBodyRequest<FastifyRequest>): Promise<{ received: true }> {
    await this.webhooks.receive(
      { headers: request.headers, rawBody: request.rawBody ?? Buffer.alloc(0) },
      request.ip,
      request.id,
    );
    return { received: true };
  }
}
