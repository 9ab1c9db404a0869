import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@fxrates/domain';
import { IsString, MaxLength } from 'class-validator';
import { EventsField, WebhookEndpointFields } from './webhook-endpoint.fields';

@ApiSchema({ name: 'CreateWebhookEndpointRequest' })
export class CreateWebhookBody extends WebhookEndpointFields {
  @ApiProperty({
    example: 'https://example.com/hooks/fxrates',
    maxLength: 2048,
    description:
      'https only; no user name or password; not an address of a private, loopback or link-local range',
  })
  @IsString({ message: 'url is the https URL to send events to.' })
  @MaxLength(4096, { message: 'url is at most 2048 characters.' })
  url!: string;

  @ApiProperty({ type: [String], enum: WEBHOOK_EVENT_TYPES, minItems: 1, example: ['rates.published'] })
  @EventsField(true)
  events!: WebhookEventType[];
}
