import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'WebhookReceived' })
export class WebhookReceivedDto {
  @ApiProperty({ enum: [true] }) received!: true;
}
