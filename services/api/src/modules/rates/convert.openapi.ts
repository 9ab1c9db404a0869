import { getSchemaPath } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ErrorCode } from '@fxrates/domain';
import { problemResponses } from '../../common/openapi';
import { CONVERTER_PROBLEMS } from './converter-access.openapi';
import { CONVERT_PATH } from './convert.route';
import { ConvertResponseDto, ExactConvertResponseDto } from './dto/convert.response';
import { AMOUNT_PARAMETER, currencyParameter, NUMBERS_PARAMETER } from './query-params.openapi';

type PathItem = OpenAPIObject['paths'][string];

/** The OpenAPI entry of the converter route, which is mounted on Fastify directly (see ConvertRoute). */
export function convertPathItem(): [string, PathItem] {
  return [
    CONVERT_PATH,
    {
      get: {
        tags: ['converter'],
        operationId: 'getConverterConversion',
        summary: 'Convert an amount for the landing-page converter',
        description:
          'The converter of the landing page, for an anonymous session (X-Session-Token) or a signed-in user ' +
          '(Bearer). Not metered against any API key; limited per session and per IP to what a person types.',
        security: [{ session: [] }, { bearer: [] }],
        parameters: [
          currencyParameter('from', 'Currency to convert from', 'USD'),
          currencyParameter('to', 'Currency to convert to', 'EUR'),
          AMOUNT_PARAMETER,
          NUMBERS_PARAMETER,
        ],
        responses: {
          '200': {
            description:
              'The conversion: ConverterConversion, or ConverterConversionExact with `numbers=string`',
            content: {
              'application/json': {
                schema: {
                  anyOf: [
                    { $ref: getSchemaPath(ConvertResponseDto) },
                    { $ref: getSchemaPath(ExactConvertResponseDto) },
                  ],
                },
              },
            },
          },
          ...problemResponses([
            ...CONVERTER_PROBLEMS,
            ErrorCode.MissingParameter,
            ErrorCode.UnknownCurrency,
            ErrorCode.InvalidAmount,
            ErrorCode.AmountTooLarge,
            ErrorCode.RateUnavailable,
          ]),
        },
      },
    },
  ];
}
