import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhookEndpoint,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
  type WebhookEndpointList,
  type WebhookEndpointView,
  type WebhookEventType,
} from '@fxrates/domain';

@ApiSchema({ name: 'WebhookEndpoint' })
export class WebhookEndpointDto implements WebhookEndpointView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'https://example.com/hooks/fxrates' }) url!: string;
  @ApiProperty({ example: 'Production receiver' }) description!: string;
  @ApiProperty({ type: [String], enum: WEBHOOK_EVENT_TYPES }) events!: WebhookEventType[];
  @ApiProperty({ type: [String], example: ['EUR/USD'], description: '`rate.changed`: the pairs watched' })
  pairs!: string[];
  @ApiProperty({
    example: '0.1',
    description: '`rate.changed`: the least change sent, in percent (decimal string)',
  })
  minChangePercent!: string;
  @ApiProperty({ enum: ['active', 'disabled'] }) status!: 'active' | 'disabled';
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why it is disabled: by you, or after repeated failure (and since when)',
  })
  disabledReason!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

@ApiSchema({ name: 'CreatedWebhookEndpoint' })
export class CreatedWebhookEndpointDto implements CreatedWebhookEndpoint {
  @ApiProperty({ type: WebhookEndpointDto }) endpoint!: WebhookEndpointDto;
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'The signing secret (Standard Webhooks `whsec_<base64>`): shown this once only',
  })
  secret!: string;
}

@ApiSchema({ name: 'WebhookEndpointList' })
export class WebhookEndpointListDto implements WebhookEndpointList {
  @ApiProperty({ type: WebhookEndpointDto, isArray: true, description: 'Oldest first' })
  endpoints!: WebhookEndpointDto[];
  @ApiProperty({ type: 'integer', minimum: 0, description: "The most endpoints the account's plan may have" })
  limit!: number;
}

@ApiSchema({ name: 'WebhookEndpointAnswer' })
export class WebhookEndpointAnswerDto {
  @ApiProperty({ type: WebhookEndpointDto }) endpoint!: WebhookEndpointDto;
}

@ApiSchema({ name: 'WebhookDelivery' })
export class WebhookDeliveryDto implements WebhookDeliveryView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'evt_2f1c…', description: 'The event id: also the `webhook-id` header' })
  eventId!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES }) type!: WebhookEventType;
  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] }) status!: WebhookDeliveryStatus;
  @ApiProperty({ type: 'integer', minimum: 0 }) attempts!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'HTTP status of the last attempt' })
  lastStatus!: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'HTTP 500' }) lastError!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deliveredAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) nextAttemptAt!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The delivery this replays' })
  replayOf!: string | null;
}

@ApiSchema({ name: 'WebhookDeliveryPage' })
export class WebhookDeliveryPageDto implements WebhookDeliveryPage {
  @ApiProperty({ type: WebhookDeliveryDto, isArray: true, description: 'Newest first' })
  deliveries!: WebhookDeliveryDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Cursor of the next page (pass it as `cursor`), null on the last page',
  })
  nextCursor!: string | null;
}

@ApiSchema({ name: 'WebhookDeliveryAnswer' })
export class WebhookDeliveryAnswerDto {
  @ApiProperty({ type: WebhookDeliveryDto }) delivery!: WebhookDeliveryDto;
}
