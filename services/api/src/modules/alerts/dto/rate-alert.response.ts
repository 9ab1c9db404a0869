import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  RATE_ALERT_CHANNELS,
  RATE_ALERT_CONDITIONS,
  type RateAlertChannel,
  type RateAlertCondition,
  type RateAlertList,
  type RateAlertView,
} from '@fxrates/domain';

@ApiSchema({ name: 'RateAlert' })
export class RateAlertDto implements RateAlertView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'EUR' }) base!: string;
  @ApiProperty({ example: 'USD' }) quote!: string;
  @ApiProperty({ enum: RATE_ALERT_CONDITIONS }) condition!: RateAlertCondition;
  @ApiProperty({ type: String, nullable: true, example: '1.10', description: '`above` / `below`: the level' })
  level!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: '`change`: the move in percent' })
  changePercent!: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: null,
    description: '`change`: the window in minutes',
  })
  windowMinutes!: number | null;
  @ApiProperty({ example: '0.5' }) hysteresisPercent!: string;
  @ApiProperty({ type: 'integer', example: 60 }) cooldownMinutes!: number;
  @ApiProperty({ enum: RATE_ALERT_CHANNELS }) channel!: RateAlertChannel;
  @ApiProperty({
    enum: ['armed', 'triggered'],
    description: '`triggered` until the rate is back past the hysteresis',
  })
  state!: 'armed' | 'triggered';
  @ApiProperty() paused!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastTriggeredAt!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'The rate that last fired it' })
  lastTriggeredRate!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

@ApiSchema({ name: 'RateAlertList' })
export class RateAlertListDto implements RateAlertList {
  @ApiProperty({ type: RateAlertDto, isArray: true, description: 'Newest first' }) alerts!: RateAlertDto[];
  @ApiProperty({ type: 'integer', example: 3, description: 'The most alerts your plan may keep' })
  limit!: number;
}

@ApiSchema({ name: 'RateAlertEnvelope' })
export class RateAlertEnvelopeDto {
  @ApiProperty({ type: RateAlertDto }) alert!: RateAlertDto;
}
