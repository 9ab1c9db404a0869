import { ApiProperty, ApiSchema, OmitType } from '@nestjs/swagger';
import type { ConvertResponse, ExactConvertResponse } from '@fxrates/domain';

@ApiSchema({ name: 'ConverterConversion' })
export class ConvertResponseDto implements ConvertResponse {
  @ApiProperty({ example: 'USD' }) from!: string;
  @ApiProperty({ example: 'EUR' }) to!: string;
  @ApiProperty({ example: 100, description: 'The amount converted, as given' }) amount!: number;
  @ApiProperty({ example: 0.88022588, description: 'Units of `to` per 1 `from`, 10 significant digits' })
  rate!: number;
  @ApiProperty({
    example: 88.0226,
    description: 'amount × rate, rounded half-even to 4 decimals (fiat↔fiat) or 8 (either side crypto)',
  })
  result!: number;
  @ApiProperty({
    format: 'date-time',
    example: '2026-09-29T00:00:00.000Z',
    description: 'When the source published the rates',
  })
  timestamp!: string;
  @ApiProperty({ format: 'date', example: '2026-09-29', description: 'Day the rates belong to' })
  date!: string;
  @ApiProperty({ example: 'ecb', description: 'Where the rates come from, comma-separated when several' })
  source!: string;
  @ApiProperty({
    example: false,
    description: 'A rate involved is older than 24 hours while its market is open',
  })
  stale!: boolean;
  @ApiProperty({
    example: false,
    description: "A fiat rate is its source's last before a weekend or holiday",
  })
  marketClosed!: boolean;
}

const DECIMAL_STRING = '^\\d+(\\.\\d+)?$';

/** The same answer with `numbers=string`: amount, rate and result as exact decimal strings. */
@ApiSchema({ name: 'ConverterConversionExact' })
export class ExactConvertResponseDto
  extends OmitType(ConvertResponseDto, ['amount', 'rate', 'result'] as const)
  implements ExactConvertResponse
{
  @ApiProperty({ example: '1000000000000000', pattern: DECIMAL_STRING, description: 'The amount converted' })
  amount!: string;
  @ApiProperty({ example: '0.88022588', pattern: DECIMAL_STRING, description: 'Units of `to` per 1 `from`' })
  rate!: string;
  @ApiProperty({
    example: '880225880000000.0000',
    pattern: DECIMAL_STRING,
    description: 'amount × rate with every digit the server computed (4 or 8 decimals)',
  })
  result!: string;
}
