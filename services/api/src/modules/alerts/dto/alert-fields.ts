import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { RATE_ALERT_CHANNELS } from '@fxrates/domain';
import { RateDecimal } from '@fxrates/rates';
import { IsIn, IsInt, Max, Min, ValidateBy, ValidateIf } from 'class-validator';

/** Optional, but not null: a field sent as null is refused like any other wrong value. */
export const PresentOrAbsent = () => ValidateIf((_: unknown, value: unknown) => value !== undefined);

/** A plain decimal string: digits, at most one point, no sign or exponent ("1.10", "0.5"). */
const DECIMAL = /^\d{1,12}(\.\d{1,12})?$/;

export const LEVEL_PATTERN = DECIMAL.source;

interface DecimalBounds {
  /** Greater than this (exclusive). */
  above?: string;
  /** At least this. */
  atLeast?: string;
  /** At most this. */
  atMost?: string;
}

function inBounds(value: unknown, bounds: DecimalBounds): boolean {
  if (typeof value !== 'string' || !DECIMAL.test(value)) return false;
  const n = new RateDecimal(value);
  if (bounds.above !== undefined && !n.gt(bounds.above)) return false;
  if (bounds.atLeast !== undefined && n.lt(bounds.atLeast)) return false;
  if (bounds.atMost !== undefined && n.gt(bounds.atMost)) return false;
  return true;
}

/** An optional decimal string in bounds, compared exactly (never as a float). */
export function DecimalField(
  name: string,
  bounds: DecimalBounds,
  message: string,
  doc: { example: string; description: string },
): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      pattern: LEVEL_PATTERN,
      example: doc.example,
      description: doc.description,
    }),
    PresentOrAbsent(),
    ValidateBy({
      name: `decimal-${name}`,
      validator: { validate: (value) => inBounds(value, bounds), defaultMessage: () => message },
    }),
  );
}

export const LevelField = () =>
  DecimalField('level', { above: '0' }, 'level is a decimal string greater than 0, such as "1.10".', {
    example: '1.10',
    description: '`above` / `below` only (required there): the level, quote units per 1 base.',
  });

export const ChangePercentField = () =>
  DecimalField(
    'change-percent',
    { above: '0', atMost: '100' },
    'changePercent is a decimal string greater than 0 and at most 100, such as "2.5".',
    { example: '2.5', description: '`change` only (required there): the move in percent, either way.' },
  );

export const HysteresisPercentField = () =>
  DecimalField(
    'hysteresis-percent',
    { atLeast: '0', atMost: '50' },
    'hysteresisPercent is a decimal string from 0 to 50, such as "0.5".',
    {
      example: '0.5',
      description:
        'How far back past the level (in percent of it; for `change`, of the percent) the rate must go before the alert re-arms. Default 0.5.',
    },
  );

export function WindowMinutesField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'integer',
      minimum: 1,
      maximum: 1440,
      example: 60,
      description: '`change` only (required there): the window, in minutes, the move is measured over.',
    }),
    PresentOrAbsent(),
    IsInt({ message: 'windowMinutes is a whole number of minutes from 1 to 1440.' }),
    Min(1, { message: 'windowMinutes is a whole number of minutes from 1 to 1440.' }),
    Max(1440, { message: 'windowMinutes is a whole number of minutes from 1 to 1440.' }),
  );
}

export function CooldownMinutesField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'integer',
      minimum: 0,
      maximum: 10080,
      example: 60,
      description: 'The least time, in minutes, between two firings (at most a week). Default 60.',
    }),
    PresentOrAbsent(),
    IsInt({ message: 'cooldownMinutes is a whole number of minutes from 0 to 10080.' }),
    Min(0, { message: 'cooldownMinutes is a whole number of minutes from 0 to 10080.' }),
    Max(10080, { message: 'cooldownMinutes is a whole number of minutes from 0 to 10080.' }),
  );
}

export const CHANNEL_MESSAGE = `channel is one of ${RATE_ALERT_CHANNELS.join(', ')}.`;

export function ChannelValidation(): PropertyDecorator {
  return IsIn(RATE_ALERT_CHANNELS, { message: CHANNEL_MESSAGE });
}
