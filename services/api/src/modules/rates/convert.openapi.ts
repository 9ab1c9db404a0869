import { getSchemaPath } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { SESSION_HEADER } from '@fxrates/domain';
import { problemResponses } from '../../common/openapi';
import { CONVERT_PATH } from './convert.route';
import { ConvertResponseDto } from './dto/convert.response';

type PathItem = OpenAPIObject['paths'][string];

/** The OpenAPI entry of the converter route, which is mounted on Fastify directly (see ConvertRoute). */
export function convertPathItem(): [string, PathItem] {
  const query = (name: string, description: string, example: string) => ({
    name,
    in: 'query' as const,
    required: true,
    description,
    schema: { type: 'string' as const, example },
  });
  return [
    CONVERT_PATH,
    {
      get: {
        tags: ['converter'],
        operationId: 'RatesController_convert',
        summary: 'Convert an amount for the landing-page converter (anonymous session or signed-in user)',
        security: [{ session: [] }, { bearer: [] }],
        parameters: [
          {
            name: SESSION_HEADER,
            in: 'header',
            required: false,
            description: 'Token from POST /api/auth/session (not needed with a Bearer access token)',
            schema: { type: 'string' },
          },
          query('from', 'Currency to convert from (ISO 4217 code or crypto ticker)', 'USD'),
          query('to', 'Currency to convert to', 'EUR'),
          query('amount', 'Amount to convert: a non-negative decimal number, at most 1e15', '100'),
        ],
        responses: {
          '200': {
            description: 'The conversion',
            content: { 'application/json': { schema: { $ref: getSchemaPath(ConvertResponseDto) } } },
          },
          ...problemResponses(400, 401, 429, 503),
        },
      },
    },
  ];
}
