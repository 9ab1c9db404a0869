import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

/** The signature headers of a delivery, which PayPal's verify-webhook-signature checks. */
const TRANSMISSION_HEADERS = [
  ['PAYPAL-AUTH-ALGO', 'Signature algorithm, e.g. SHA256withRSA'],
  ['PAYPAL-CERT-URL', "URL of PayPal's signing certificate (an https URL on a paypal.com host)"],
  ['PAYPAL-TRANSMISSION-ID', 'Id of this delivery'],
  ['PAYPAL-TRANSMISSION-SIG', 'Signature of this delivery'],
  ['PAYPAL-TRANSMISSION-TIME', 'When PayPal sent it'],
];

export function ApiPayPalTransmissionHeaders(): MethodDecorator {
  return applyDecorators(
    ...TRANSMISSION_HEADERS.map(([name, description]) =>
      ApiHeader({ name, description, required: true, schema: { type: 'string', maxLength: 2000 } }),
    ),
  );
}

/** A PayPal webhook event as delivered; only `id` and `event_type` are read before PayPal verifies it. */
@ApiSchema({ name: 'PayPalWebhookEvent' })
export class PayPalEventDto {
  @ApiProperty({ example: 'WH-2WR32451HC0233532-67976317FL4543714' }) id!: string;
  @ApiProperty({ example: 'BILLING.SUBSCRIPTION.ACTIVATED' }) event_type!: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'The subscription or sale the event is about, as PayPal sends it',
  })
  resource?: Record<string, unknown>;
}
