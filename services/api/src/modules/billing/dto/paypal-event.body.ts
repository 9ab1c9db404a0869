import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

/** The signature headers of a delivery, with the longest each may be (webhook-delivery.ts). */
const TRANSMISSION_HEADERS: [string, string, number][] = [
  ['PAYPAL-AUTH-ALGO', 'Signature algorithm: SHA256withRSA (SHA384withRSA, SHA512withRSA)', 40],
  [
    'PAYPAL-CERT-URL',
    "URL of PayPal's signing certificate: https://api(-m)(.sandbox).paypal.com/v1/notifications/certs/…",
    500,
  ],
  ['PAYPAL-TRANSMISSION-ID', 'Id of this delivery; the same delivery again is taken once', 100],
  ['PAYPAL-TRANSMISSION-SIG', 'Signature of this delivery (base64)', 1400],
  [
    'PAYPAL-TRANSMISSION-TIME',
    'When PayPal sent it; refused further than PAYPAL_WEBHOOK_TOLERANCE_MS from now',
    40,
  ],
];

export function ApiPayPalTransmissionHeaders(): MethodDecorator {
  return applyDecorators(
    ...TRANSMISSION_HEADERS.map(([name, description, maxLength]) =>
      ApiHeader({ name, description, required: true, schema: { type: 'string', maxLength } }),
    ),
  );
}

/** A PayPal webhook event as delivered; only `id` and `event_type` are read before its signature is verified. */
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
