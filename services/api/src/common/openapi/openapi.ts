import { applyDecorators } from '@nestjs/common';
import {
  ApiProperty,
  ApiResponse,
  ApiSchema,
  type HeaderObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
} from '@nestjs/swagger';
import { ErrorCode, PLAN_IDS, REQUEST_ID_HEADER, type Problem } from '@fxrates/domain';
import { STATUS_BY_CODE } from '../errors';
import type { SharedHeaderName } from './route-schema';

/** The RFC 9457 body of every error, documented once. */
@ApiSchema({
  name: 'Problem',
  description:
    'RFC 9457 problem details. `code` is stable and machine-readable; each response lists the codes it can carry.',
})
export class ProblemDto implements Problem {
  @ApiProperty({
    format: 'uri-reference',
    example: '/problems/unknown-currency',
    description: 'URI reference naming the problem type: /problems/{code}',
  })
  type!: string;
  @ApiProperty({ example: 'Unknown currency', description: 'Short summary of the problem type' })
  title!: string;
  @ApiProperty({ type: 'integer', minimum: 400, maximum: 599, example: 400 }) status!: number;
  @ApiProperty({ example: '"XYZ" in "from" is not a supported currency code.', required: false })
  detail?: string;
  @ApiProperty({ example: 'unknown-currency', description: 'Stable machine-readable code' }) code!: string;
  @ApiProperty({
    example: '"XYZ" in "from" is not a supported currency code.',
    description: 'Human-readable text saying what to do next',
  })
  message!: string;
  @ApiProperty({ example: '/api/rates/convert', required: false, description: 'Path of the request' })
  instance?: string;
  @ApiProperty({
    required: false,
    example: 'req-1a2b3c',
    description: 'On a 500 only: the id under which the error is logged; quote it to support',
  })
  errorId?: string;
  @ApiProperty({
    required: false,
    enum: PLAN_IDS,
    example: 'professional',
    description: 'On `plan-upgrade-required` only: the cheapest plan that allows the request',
  })
  requiredPlan?: string;
  @ApiProperty({
    required: false,
    enum: PLAN_IDS,
    example: 'free',
    description: "On `plan-upgrade-required` only: the key's plan",
  })
  currentPlan?: string;
  @ApiProperty({
    required: false,
    format: 'uri-reference',
    example: '/pricing',
    description: 'On `plan-upgrade-required` only: the pricing page, where the plan is upgraded',
  })
  upgradeUrl?: string;
}

/** Every `code` a problem can carry. */
export type ProblemCode = ErrorCode;

const STATUS_OF: Record<ProblemCode, number> = STATUS_BY_CODE;

export function statusOf(code: ProblemCode): number {
  return STATUS_OF[code];
}

const STATUS_TEXT: Record<number, string> = {
  400: 'The request is invalid',
  401: 'Missing, invalid or expired credentials',
  403: 'Not allowed',
  404: 'Not found',
  406: 'None of the media types the Accept header allows is one this route answers in',
  409: 'In conflict with the current state',
  410: 'No longer valid',
  413: 'The request body is too large',
  414: 'A path parameter is too long',
  415: 'The body is not in a media type this route reads',
  422: 'Understood but not acceptable',
  429: 'Too many requests',
  500: 'A bug on our side',
  502: 'PayPal could not be reached or answered an error',
  503: 'Temporarily unavailable',
};

const ref = (kind: 'schemas' | 'headers', name: string): ReferenceObject => ({
  $ref: `#/components/${kind}/${name}`,
});

/** Headers every answer, or every metered answer, carries: components.headers, referenced by name. */
export const SHARED_HEADERS: Record<SharedHeaderName | typeof REQUEST_ID_HEADER, HeaderObject> = {
  [REQUEST_ID_HEADER]: {
    description: 'Id of this request, as written in our logs: quote it when you contact support',
    required: true,
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description:
      'IETF draft RateLimit header fields: the quota policies, e.g. `"month";q=1000;w=2592000, "burst";q=2;w=1` (w = the window in seconds)',
    required: true,
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'IETF draft RateLimit header fields: the policy in force, remaining calls (r) and seconds to its reset (t)',
    required: true,
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    description: 'Metered calls per calendar month (UTC) on your plan',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Remaining': {
    description: 'Metered calls left this month',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'When the monthly quota resets, in Unix seconds',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'Cache-Control': {
    description:
      'How long the answer may be reused: current rates until the next poll of their fastest source (`public, max-age=N`); ' +
      'closes of days already published for a year (`public, max-age=31536000, immutable`), others until the next close is ' +
      'expected; the usage `private, no-cache`. A cache serving it spares you a metered call.',
    required: true,
    schema: { type: 'string', pattern: '^(public, max-age=[0-9]+(, immutable)?|private, no-cache)$' },
  },
  ETag: {
    description:
      'Strong validator of this representation: send it back in `If-None-Match` and an unchanged answer is a 304 without a body',
    required: true,
    schema: { type: 'string', pattern: '^"[A-Za-z0-9_-]+"$' },
  },
  Vary: {
    description: 'The answer depends on your key (its plan) and on Accept-Encoding',
    required: true,
    schema: { type: 'string', enum: ['Accept-Encoding, X-API-Key'] },
  },
  'Content-Encoding': {
    description: 'Bodies over 1 KB are compressed when your Accept-Encoding allows: br preferred, else gzip',
    required: false,
    schema: { type: 'string', enum: ['br', 'gzip'] },
  },
};

/** The rate-limit headers of a metered answer (2xx or 429). */
export const RATE_LIMIT_HEADER_NAMES: readonly SharedHeaderName[] = [
  'RateLimit-Policy',
  'RateLimit',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/** A reference to a header of SHARED_HEADERS. */
export function sharedHeaderRef(name: SharedHeaderName): ReferenceObject {
  if (!SHARED_HEADERS[name]) throw new Error(`No shared header ${name}`);
  return ref('headers', name);
}

export const REQUEST_ID_HEADER_REF = ref('headers', REQUEST_ID_HEADER);

function retryAfter(required: boolean): HeaderObject {
  return {
    description: required
      ? 'Seconds to wait before trying again'
      : 'When sent: seconds to wait before trying again',
    required,
    schema: { type: 'integer', minimum: 0 },
  };
}

/**
 * The schema of a problem answer with one status: the Problem, its `status` fixed and its `code` one
 * of `codes`. This enum is where the document lists, per operation and status, every code it answers
 * (readable at `responses[status].content['application/problem+json'].schema.allOf[1].properties.code.enum`).
 */
function problemSchema(status: number, codes: readonly string[]): SchemaObject {
  return {
    allOf: [
      ref('schemas', 'Problem'),
      {
        type: 'object',
        properties: {
          status: { type: 'integer', enum: [status] },
          code: { type: 'string', enum: [...codes] },
        },
      },
    ],
  };
}

/** A problem answer of one status that carries one of `codes` (all of that status). */
export function problemResponse(status: number, codes: readonly string[]): ResponseObject {
  const sorted = [...new Set(codes)].sort();
  return {
    description: `${STATUS_TEXT[status] ?? 'Error'}: ${sorted.map((code) => `\`${code}\``).join(', ')}`,
    ...(status === 429 || status === 503 ? { headers: { 'Retry-After': retryAfter(status === 429) } } : {}),
    content: { 'application/problem+json': { schema: problemSchema(status, sorted) } },
  };
}

/** The codes a problem answer lists (see problemSchema); empty for any other answer. */
export function problemCodesOf(response: ResponseObject | ReferenceObject | undefined): string[] {
  const schema = (response as ResponseObject | undefined)?.content?.['application/problem+json']?.schema as
    SchemaObject | undefined;
  const listed = schema?.allOf?.[1] as SchemaObject | undefined;
  return ((listed?.properties?.code as SchemaObject | undefined)?.enum as string[] | undefined) ?? [];
}

/** One problem answer per status, each listing the given codes of that status. */
export function problemResponses(codes: readonly ProblemCode[]): Record<string, ResponseObject> {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, ofStatus]) => [String(status), problemResponse(status, ofStatus)]),
  );
}

/**
 * Documents the problem codes an operation answers beyond those every route can give (added to the
 * whole document by completeOperations): each code under its status, as problem+json.
 */
export function ApiProblems(...codes: ProblemCode[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...Object.entries(problemResponses(codes)).map(([status, response]) =>
      ApiResponse({ status: Number(status), ...response }),
    ),
  );
}
