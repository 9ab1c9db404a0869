import { Type } from '@sinclair/typebox';
import { DecimalField } from './numbers';
import { CLOSES_SOURCE, CLOSES_STALE } from './public-api.schemas';

/** One line of a time series' NDJSON export: what the OpenAPI document shows and its writer writes. */
export const NDJSON_ROW = Type.Object(
  {
    date: Type.String({ format: 'date', description: 'The day of the close', example: '2024-03-15' }),
    base: Type.String({ description: 'Base currency', example: 'USD' }),
    symbol: Type.String({ description: 'Quoted currency', example: 'EUR' }),
    rate: DecimalField('Units of `symbol` per 1 `base` at the close', 0.9174311927),
    source: CLOSES_SOURCE,
    timestamp: Type.String({ format: 'date-time', description: 'When this close was published' }),
    stale: CLOSES_STALE,
    marketClosed: Type.Boolean({ description: 'Always false: only days a source published are listed' }),
  },
  {
    $id: 'TimeSeriesRow',
    additionalProperties: false,
    description: 'One line of the NDJSON body (application/x-ndjson): one object per business day and symbol',
  },
);
