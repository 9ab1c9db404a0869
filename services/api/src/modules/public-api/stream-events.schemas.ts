import { Type } from '@sinclair/typebox';
import { CurrencyCode } from '../../common/input';
import { PROVENANCE, RatesMap } from './public-api.schemas';
import { DecimalField } from './numbers';

/** The `data` of the rate stream's events: what the OpenAPI document shows and their writers write. */

export const SnapshotEvent = Type.Object(
  {
    base: CurrencyCode('USD'),
    ...PROVENANCE,
    rates: RatesMap('Units of each requested currency per 1 base, 10 significant digits', {
      EUR: 0.8802258808,
      GBP: 0.7614328001,
    }),
    reset: Type.Boolean({
      description: 'True when the Last-Event-ID sent could not be resumed (unknown or older than 5 minutes)',
    }),
  },
  {
    $id: 'StreamSnapshotEvent',
    additionalProperties: false,
    description: '`event: snapshot`: every requested rate, as /rates/latest answers them',
  },
);

export const RateEvent = Type.Object(
  {
    base: CurrencyCode('USD'),
    symbol: CurrencyCode('EUR'),
    rate: DecimalField('Units of `symbol` per 1 base, 10 significant digits', 0.8802258808),
    ...PROVENANCE,
  },
  {
    $id: 'StreamRateEvent',
    additionalProperties: false,
    description:
      '`event: rate`: one requested rate that changed (its value or its source), with its provenance',
  },
);
