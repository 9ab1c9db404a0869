import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { QUOTA_ALERT_THRESHOLDS, type NotificationSettings, type QuotaAlertThreshold } from '@fxrates/domain';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsOptional } from 'class-validator';

const THRESHOLDS_TEXT = QUOTA_ALERT_THRESHOLDS.join(', ');

const QUOTA_ALERTS_PROPERTY = {
  type: 'array' as const,
  items: { type: 'integer' as const, enum: [...QUOTA_ALERT_THRESHOLDS] },
  uniqueItems: true,
  maxItems: QUOTA_ALERT_THRESHOLDS.length,
  example: [75, 100],
};

@ApiSchema({ name: 'NotificationSettings' })
export class NotificationSettingsDto implements NotificationSettings {
  @ApiProperty({
    ...QUOTA_ALERTS_PROPERTY,
    description: 'The quota alerts emailed, in percent of the monthly quota, ascending; [] for none',
  })
  quotaAlerts!: QuotaAlertThreshold[];
}

/** Only the settings sent change; anything but 75, 90 and 100 (each once) is a 400. */
@ApiSchema({ name: 'UpdateNotificationSettingsRequest' })
export class UpdateNotificationSettingsBody implements Partial<NotificationSettings> {
  @ApiPropertyOptional({
    ...QUOTA_ALERTS_PROPERTY,
    description: 'Every quota alert to email from now on (those left out are turned off); [] for none',
  })
  @IsOptional()
  @ArrayMaxSize(QUOTA_ALERT_THRESHOLDS.length, {
    message: `quotaAlerts must list each of ${THRESHOLDS_TEXT} at most once.`,
  })
  @ArrayUnique({ message: `quotaAlerts must list each of ${THRESHOLDS_TEXT} at most once.` })
  @IsIn(QUOTA_ALERT_THRESHOLDS, {
    each: true,
    message: `quotaAlerts may only hold ${THRESHOLDS_TEXT}.`,
  })
  // Last, so that it runs first: a body without a list hears about that before anything else.
  @IsArray({ message: `quotaAlerts must be a list of ${THRESHOLDS_TEXT}.` })
  quotaAlerts?: QuotaAlertThreshold[];
}
