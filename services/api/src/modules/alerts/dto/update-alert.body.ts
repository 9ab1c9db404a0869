import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { RATE_ALERT_CHANNELS, type RateAlertChannel } from '@fxrates/domain';
import { IsBoolean } from 'class-validator';
import {
  ChangePercentField,
  ChannelValidation,
  CooldownMinutesField,
  HysteresisPercentField,
  LevelField,
  PresentOrAbsent,
  WindowMinutesField,
} from './alert-fields';

/** `PATCH /api/alerts/:id`: only the fields sent change; the pair and the condition stay. */
@ApiSchema({ name: 'UpdateRateAlert' })
export class UpdateAlertBody {
  @ApiPropertyOptional({ description: 'Paused alerts are not evaluated' })
  @PresentOrAbsent()
  @IsBoolean({ message: 'paused is true or false.' })
  paused?: boolean;

  @LevelField()
  level?: string;

  @ChangePercentField()
  changePercent?: string;

  @WindowMinutesField()
  windowMinutes?: number;

  @HysteresisPercentField()
  hysteresisPercent?: string;

  @CooldownMinutesField()
  cooldownMinutes?: number;

  @ApiPropertyOptional({ enum: RATE_ALERT_CHANNELS })
  @PresentOrAbsent()
  @ChannelValidation()
  channel?: RateAlertChannel;
}
