import type { OpenAPIObject } from '@nestjs/swagger';
import { SESSION_HEADER } from '@fxrates/domain';
import { problemResponses } from '../../common/openapi';
import { PAIR_HISTORY_DAYS, PAIR_HISTORY_PATH } from './pair-history.route';

type PathItem = OpenAPIObject['paths'][string];

/** The OpenAPI entry of the converter's sparkline route (mounted on the Node server directly). */
export function pairHistoryPathItem(): [string, PathItem] {
  const currency = (name: string, example: string) => ({
    name,
    in: 'query' as const,
    required: true,
    schema: { type: 'string' as const, example },
  });
  return [
    PAIR_HISTORY_PATH,
    {
      get: {
        tags: ['converter'],
        operationId: 'RatesController_pairHistory',
        summary: `Daily closes of a pair over the last ${PAIR_HISTORY_DAYS} days, for the converter's sparkline`,
        security: [{ session: [] }, { bearer: [] }],
        parameters: [
          { name: SESSION_HEADER, in: 'header', required: false, schema: { type: 'string' } },
          currency('from', 'USD'),
          currency('to', 'EUR'),
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
                    from: { type: 'string', example: 'USD' },
                    to: { type: 'string', example: 'EUR' },
                    start: { type: 'string', format: 'date' },
                    end: { type: 'string', format: 'date' },
                    source: { type: 'string', example: 'ecb', description: 'Sources of the closes used' },
                    points: {
                      type: 'array',
                      items: {
                        type: 'object',
                        required: ['day', 'rate'],
                        properties: {
                          day: { type: 'string', format: 'date' },
                          rate: { type: 'number', example: 0.8620689655 },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          ...problemResponses(400, 401, 429),
        },
      },
    },
  ];
}
