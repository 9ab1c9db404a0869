import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  RATE_ALERT_CHANNELS,
  RATE_ALERT_CONDITIONS,
  type CreateRateAlert,
  type RateAlertChannel,
  type RateAlertCondition,
} from '@fxrates/domain';
import { Transform } from 'class-transformer';
import { IsIn, IsString, Matches } from 'class-validator';
import {
  ChangePercentField,
  ChannelValidation,
  CooldownMinutesField,
  HysteresisPercentField,
  LevelField,
  WindowMinutesField,
} from './alert-fields';

const upperCased = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;
const CODE = /^[A-Z0-9]{2,12}$/;

@ApiSchema({ name: 'CreateRateAlert' })
export class CreateAlertBody implements CreateRateAlert {
  @ApiProperty({ example: 'EUR', pattern: CODE.source, description: 'A catalogue code your plan may use' })
  @Transform(upperCased)
  @IsString({ message: 'base is a currency code, such as EUR.' })
  @Matches(CODE, { message: 'base is a currency code, such as EUR.' })
  base!: string;

  @ApiProperty({ example: 'USD', pattern: CODE.source, description: 'A catalogue code your plan may use' })
  @Transform(upperCased)
  @IsString({ message: 'quote is a currency code, such as USD.' })
  @Matches(CODE, { message: 'quote is a currency code, such as USD.' })
  quote!: string;

  @ApiProperty({
    enum: RATE_ALERT_CONDITIONS,
    description: '`above` / `below` a level, or a `change` of N % over a window (either way)',
  })
  @IsIn(RATE_ALERT_CONDITIONS, { message: `condition is one of ${RATE_ALERT_CONDITIONS.join(', ')}.` })
  condition!: RateAlertCondition;

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

  @ApiProperty({
    enum: RATE_ALERT_CHANNELS,
    description: '`email`: to your verified address; `webhook`: an `alert.triggered` event to your endpoints',
  })
  @ChannelValidation()
  channel!: RateAlertChannel;
}
