import type { OpenAPIObject } from '@nestjs/swagger';
import { ErrorCode } from '@fxrates/domain';
import { problemResponses } from '../../common/openapi';
import { CONVERTER_PROBLEMS } from './converter-access.openapi';
import { PAIR_HISTORY_DAYS, PAIR_HISTORY_PATH } from './pair-history.route';
import { CURRENCY_CODE, currencyParameter } from './query-params.openapi';

type PathItem = OpenAPIObject['paths'][string];

const day = { type: 'string', format: 'date' } as const;

/** The OpenAPI entry of the converter's sparkline route (mounted on the Node server directly). */
export function pairHistoryPathItem(): [string, PathItem] {
  return [
    PAIR_HISTORY_PATH,
    {
      get: {
        tags: ['converter'],
        operationId: 'getConverterHistory',
        summary: `Daily closes of a pair over the last ${PAIR_HISTORY_DAYS} days, for the converter's sparkline`,
        description:
          'The ECB closes of the pair on each business day of the last ' +
          `${PAIR_HISTORY_DAYS} days (UTC), for an anonymous session (X-Session-Token) or a signed-in user (Bearer).`,
        security: [{ session: [] }, { bearer: [] }],
        parameters: [
          currencyParameter('from', 'Currency of the pair to convert from', 'USD'),
          currencyParameter('to', 'Currency of the pair to convert to', 'EUR'),
        ],
        responses: {
          '200': {
            description: 'Business days only; a day without a close of either currency is left out',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['from', 'to', 'start', 'end', 'source', 'points'],
                  properties: {
                    from: { ...CURRENCY_CODE, example: 'USD' },
                    to: { ...CURRENCY_CODE, example: 'EUR' },
                    start: day,
                    end: day,
                    source: { type: 'string', example: 'ecb', description: 'Sources of the closes used' },
                    points: {
                      type: 'array',
                      items: {
                        type: 'object',
                        required: ['day', 'rate'],
                        properties: { day, rate: { type: 'number', example: 0.8620689655 } },
                      },
                    },
                  },
                },
              },
            },
          },
          ...problemResponses([...CONVERTER_PROBLEMS, ErrorCode.MissingParameter, ErrorCode.UnknownCurrency]),
        },
      },
    },
  ];
}
