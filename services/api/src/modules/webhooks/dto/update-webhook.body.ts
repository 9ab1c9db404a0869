import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@fxrates/domain';
import { IsBoolean, IsString, MaxLength, ValidateIf } from 'class-validator';
import { EventsField, WebhookEndpointFields } from './webhook-endpoint.fields';

const given = (_: object, value: unknown) => value !== undefined;

@ApiSchema({ name: 'UpdateWebhookEndpointRequest' })
export class UpdateWebhookBody extends WebhookEndpointFields {
  @ApiPropertyOptional({ example: 'https://example.com/hooks/fxrates', maxLength: 2048 })
  @ValidateIf(given)
  @IsString({ message: 'url is the https URL to send events to.' })
  @MaxLength(4096, { message: 'url is at most 2048 characters.' })
  url?: string;

  @ApiPropertyOptional({ type: [String], enum: WEBHOOK_EVENT_TYPES, minItems: 1 })
  @EventsField(false)
  events?: WebhookEventType[];

  @ApiPropertyOptional({
    description: 'false disables the endpoint (nothing is sent to it); true enables it again',
  })
  @ValidateIf(given)
  @IsBoolean({ message: 'enabled is true or false.' })
  enabled?: boolean;
}
