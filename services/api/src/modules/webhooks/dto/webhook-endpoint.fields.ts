import { ApiPropertyOptional } from '@nestjs/swagger';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@fxrates/domain';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { trimmed } from '../../auth';

/** The most pairs one endpoint may watch for `rate.changed`. */
export const MAX_WEBHOOK_PAIRS = 50;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

const given = (_: object, value: unknown) => value !== undefined;

/** What creation and a change share (all optional here; creation requires url and events). */
export class WebhookEndpointFields {
  @ApiPropertyOptional({ maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH, example: 'Production receiver' })
  @ValidateIf(given)
  @Transform(trimmed)
  @IsString({ message: 'description must be text.' })
  @MaxLength(WEBHOOK_DESCRIPTION_MAX_LENGTH, {
    message: `description has at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters.`,
  })
  description?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['EUR/USD', 'BTC/USD'],
    maxItems: MAX_WEBHOOK_PAIRS,
    description: '`rate.changed`: the pairs watched, BASE/QUOTE codes of the catalogue',
  })
  @ValidateIf(given)
  @IsArray({ message: 'pairs must be a list of pairs such as "EUR/USD".' })
  @ArrayMaxSize(MAX_WEBHOOK_PAIRS, { message: `pairs has at most ${MAX_WEBHOOK_PAIRS} pairs.` })
  @ArrayUnique({ message: 'pairs lists each pair once.' })
  @IsString({ each: true, message: 'pairs must be a list of pairs such as "EUR/USD".' })
  @MaxLength(25, { each: true, message: 'pairs must be a list of pairs such as "EUR/USD".' })
  pairs?: string[];

  @ApiPropertyOptional({
    example: '0.1',
    default: '0',
    description:
      '`rate.changed`: the least change sent, in percent, as a decimal string (0 to 1000, 4 decimals)',
  })
  @ValidateIf(given)
  @IsString({ message: 'minChangePercent is a decimal string such as "0.1".' })
  @Matches(/^(?:\d{1,3}(?:\.\d{1,4})?|1000(?:\.0{1,4})?)$/, {
    message: 'minChangePercent is a decimal string from "0" to "1000", such as "0.1".',
  })
  minChangePercent?: string;
}

/** The events an endpoint receives: a non-empty subset of WEBHOOK_EVENT_TYPES. */
export function EventsField(required: boolean): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ...(required ? [] : [ValidateIf(given)]),
    IsArray({ message: `events is a list of ${WEBHOOK_EVENT_TYPES.join(', ')}.` }),
    ArrayMinSize(1, { message: 'Choose at least one event.' }),
    ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: 'events lists each event once.' }),
    ArrayUnique({ message: 'events lists each event once.' }),
    IsIn(WEBHOOK_EVENT_TYPES, {
      each: true,
      message: `events is a list of ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
    }),
  ];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

export type { WebhookEventType };
