import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  API_KEY_SCOPES,
  MAX_KEY_MONTHLY_CAP,
  MAX_KEY_NETWORKS,
  MAX_KEY_ORIGINS,
  type ApiKeyRestrictions,
  type ApiKeyScope,
} from '@fxrates/domain';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';

const optional = (_: object, value: unknown) => value !== undefined;
const optionalOrNull = (_: object, value: unknown) => value !== undefined && value !== null;

/**
 * A key's restrictions as a request body carries them, each optional; their shapes are checked here,
 * what they mean together (a publishable key's scopes and origins, a CIDR's form, an expiry in the
 * future) by keyRestrictions when the key is known.
 */
export class KeyRestrictionsFields implements Partial<ApiKeyRestrictions> {
  @ApiPropertyOptional({
    type: [String],
    enum: API_KEY_SCOPES,
    description:
      'What the key may call: `rates:read` (latest, rate, convert, currencies), `history:read` (historical, timeseries, fluctuation), `stream`, `usage:read`, `webhooks` (reserved). Publishable keys: `rates:read` and `history:read` only. Default: every scope the kind allows.',
  })
  @ValidateIf(optional)
  @IsArray({ message: 'scopes must be a list of scopes.' })
  @ArrayMinSize(1, { message: 'Give the key at least one scope.' })
  @IsIn(API_KEY_SCOPES, { each: true, message: `Each scope is one of ${API_KEY_SCOPES.join(', ')}.` })
  scopes?: ApiKeyScope[];

  @ApiPropertyOptional({
    type: [String],
    example: ['203.0.113.0/24', '2001:db8::/32'],
    description: `IPv4 or IPv6 CIDR blocks (or single addresses) the key may be called from; empty: anywhere. At most ${MAX_KEY_NETWORKS}.`,
  })
  @ValidateIf(optional)
  @IsArray({ message: 'allowedNetworks must be a list of CIDR blocks.' })
  @ArrayMaxSize(MAX_KEY_NETWORKS, { message: `A key lists at most ${MAX_KEY_NETWORKS} networks.` })
  @IsString({ each: true, message: 'Each network is a CIDR block such as 203.0.113.0/24.' })
  @MaxLength(64, { each: true, message: 'Each network is a CIDR block such as 203.0.113.0/24.' })
  allowedNetworks?: string[];

  @ApiPropertyOptional({
    type: [String],
    example: ['https://shop.example.com'],
    description: `Publishable keys only (at least one): the web origins whose pages may call with it. At most ${MAX_KEY_ORIGINS}.`,
  })
  @ValidateIf(optional)
  @IsArray({ message: 'allowedOrigins must be a list of origins.' })
  @ArrayMaxSize(MAX_KEY_ORIGINS, { message: `A key lists at most ${MAX_KEY_ORIGINS} origins.` })
  @IsString({ each: true, message: 'Each origin looks like https://shop.example.com.' })
  @MaxLength(255, { each: true, message: 'Each origin looks like https://shop.example.com.' })
  allowedOrigins?: string[];

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: MAX_KEY_MONTHLY_CAP,
    example: 50000,
    description:
      "Metered calls this key may make per calendar month (UTC), within the plan's quota; null removes the cap.",
  })
  @ValidateIf(optionalOrNull)
  @IsInt({ message: 'monthlyCap is a whole number of calls, or null for none.' })
  @Min(1, { message: 'monthlyCap is at least 1, or null for none.' })
  @Max(MAX_KEY_MONTHLY_CAP, { message: `monthlyCap is at most ${MAX_KEY_MONTHLY_CAP}.` })
  monthlyCap?: number | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the key stops working (401 `api-key-expired`); in the future; null: never.',
  })
  @ValidateIf(optionalOrNull)
  @IsISO8601(
    { strict: true },
    { message: 'expiresAt is an ISO 8601 date-time such as 2027-01-31T00:00:00Z, or null.' },
  )
  expiresAt?: string | null;
}
