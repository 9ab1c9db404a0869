import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiResponse } from '@nestjs/swagger';
import type { Problem } from '@fxrates/domain';
import { HTTP_TIMEOUTS } from './http-server';
import { BODY_LIMIT_BYTES, PATH_PARAM_MAX_LENGTH } from './limits';

/** The RFC 9457 body of every error, documented once. */
export class ProblemDto implements Problem {
  @ApiProperty({
    example: '/problems/unknown-currency',
    description: 'URI reference naming the problem type',
  })
  type!: string;
  @ApiProperty({ example: 'Unknown currency' }) title!: string;
  @ApiProperty({ example: 400 }) status!: number;
  @ApiProperty({ example: '"XYZ" in "from" is not a supported currency code.', required: false })
  detail?: string;
  @ApiProperty({ example: 'unknown-currency', description: 'Stable machine-readable code' }) code!: string;
  @ApiProperty({
    example: '"XYZ" in "from" is not a supported currency code.',
    description: 'Human-readable text',
  })
  message!: string;
  @ApiProperty({ example: '/api/rates/convert', required: false }) instance?: string;
  @ApiProperty({ required: false, description: 'Present on 500s: quote it to support' }) errorId?: string;
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (missing-parameter, unknown-currency, invalid-amount, amount-too-large, validation-failed, invalid-json, invalid-url, malformed-request)',
  401: 'Missing, unknown or expired credentials (missing-api-key, invalid-api-key, unauthorized)',
  403: 'Not allowed: a disabled API key (api-key-disabled) or outside your plan (plan-upgrade-required)',
  408: `The request did not arrive in time: headers within ${HTTP_TIMEOUTS.headersMs / 1000} s, the whole request within ${HTTP_TIMEOUTS.requestMs / 1000} s (request-timeout)`,
  413: `The body is larger than ${BODY_LIMIT_BYTES / 1024} KB (payload-too-large)`,
  414: `A path parameter is longer than ${PATH_PARAM_MAX_LENGTH} characters (uri-too-long)`,
  415: 'The body is not JSON (unsupported-media-type)',
  429: 'Too many requests (rate-limited, quota-exceeded, too-many-attempts); see Retry-After',
  431: 'The request line and headers are too large (headers-too-large)',
  503: 'A needed rate is unavailable (rate-unavailable); see Retry-After',
};

function problemResponse(status: number, description = DESCRIPTIONS[status] ?? 'Error') {
  return {
    description,
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDto' } } },
  };
}

/** Problem responses as OpenAPI response objects, keyed by status. */
export function problemResponses(...statuses: number[]): Record<string, ReturnType<typeof problemResponse>> {
  return Object.fromEntries(statuses.map((status) => [String(status), problemResponse(status)]));
}

/** Problem responses whose descriptions name an operation's own codes. */
export function describedProblemResponses(
  descriptions: Record<number, string>,
): Record<string, ReturnType<typeof problemResponse>> {
  return Object.fromEntries(
    Object.entries(descriptions).map(([status, description]) => [
      status,
      problemResponse(Number(status), description),
    ]),
  );
}

export function ApiProblemResponses(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(...statuses.map((status) => ApiResponse({ status, ...problemResponse(status) })));
}
