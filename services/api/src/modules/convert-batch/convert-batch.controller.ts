import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiResponse,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorCode, NUMBERS_FORMATS, type NumbersFormat } from '@fxrates/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppException, STATUS_BY_CODE } from '../../common/errors';
import { BodyLimit, NumbersParameter, onlyParameters, optionalChoice, type Query } from '../../common/input';
import { ApiProblems, problemResponse, RATE_LIMIT_HEADER_NAMES, sharedHeaderRef } from '../../common/openapi';
import { Clock } from '../../common/time';
import {
  ApiKeyResolver,
  assertKeyAdmits,
  KEY_REFUSALS,
  presentedKey,
  SEND_YOUR_KEY,
  type ResolvedKey,
} from '../keys';
import { MeteringService } from '../metering';
import { assertEndpointInPlan } from '../plans';
import { PUBLIC_API_TAG } from '../public-api';
import { UsageBreakdownCounter } from '../usage';
import { BATCH_BODY_LIMIT_BYTES, batchRowsOf, callsFor, MAX_BATCH_ROWS, ROWS_PER_CALL } from './batch-body';
import { ConvertBatchService } from './convert-batch.service';
import { BATCH_ANSWER, BATCH_REQUEST, openApiSchema, ROW_PROBLEMS } from './convert-batch.schemas';

/** What the usage breakdown counts a batch under (breakdownEndpointOf of its path). */
const ENDPOINT = 'convert/batch';
/** The rate-limit headers of a counted batch, and of one refused for its limits. */
const RATE_LIMIT_HEADERS = Object.fromEntries(
  RATE_LIMIT_HEADER_NAMES.map((name) => [name, sharedHeaderRef(name)]),
);
/** A batch refused for its limits: Retry-After, and where the limits stand, as a counted one says. */
const TOO_MANY = problemResponse(429, [
  ErrorCode.RateLimited,
  ErrorCode.QuotaExceeded,
  ErrorCode.KeyCapReached,
]);

/** Says which environment answered: only a test key's answers carry it (as on the GET routes). */
const ENVIRONMENT_HEADER = 'FXRates-Environment';

/**
 * POST /api/v1/convert/batch: up to 1,000 conversions in one call, each at the current rates, a
 * day's closes or a fixing, answered in order, each with its result or its own problem. Metered one
 * call per 100 rows started, all or nothing. Served by Fastify (a body to read), not DirectRoutes,
 * so on the API's pods (deploy/k8s/ingress.yaml).
 */
@ApiTags(PUBLIC_API_TAG)
@ApiSecurity('apiKey')
@Controller('v1/convert/batch')
export class ConvertBatchController {
  constructor(
    private readonly keys: ApiKeyResolver,
    private readonly batches: ConvertBatchService,
    private readonly metering: MeteringService,
    private readonly breakdown: UsageBreakdownCounter,
    private readonly clock: Clock,
  ) {}

  @Post()
  @HttpCode(200)
  @BodyLimit(BATCH_BODY_LIMIT_BYTES)
  @ApiOperation({
    operationId: 'convertBatch',
    summary: 'Convert up to 1,000 amounts in one call, each now, at a day or at a fixing (Basic plan and up)',
    description:
      `\`{"rows": [{ref, amount, from, to, at}, …]}\`, 1 to ${MAX_BATCH_ROWS.toLocaleString('en-US')} rows, a body of at most ${BATCH_BODY_LIMIT_BYTES / 1024} KB. ` +
      'Each row is converted exactly as GET /api/v1/convert converts (`amount` × rate, half-even to 4 decimals, 8 with crypto or a metal; `unit` for a metal side), ' +
      "at `at`: `now` (default) the current rates; a day `YYYY-MM-DD` that day's closes as GET /api/v1/rates/historical/{date} gives them; " +
      "a fixing id `fix_<CUT>_<YYYYMMDD>` that FXRates fixing's frozen rates. " +
      "`results` answers every row in the request's order, with its `index` and your `ref` (echoed; need not be unique): its conversion with provenance, " +
      'or its `problem` (RFC 9457 members and the code GET would answer for it: a currency outside your plan, a day without closes, a bad amount…). ' +
      'A bad row never fails the others; only a body that is no batch (not JSON, not `{"rows": [objects]}`, no rows or more than ' +
      `${MAX_BATCH_ROWS.toLocaleString('en-US')}) is 400, one too large 413. ` +
      `Metered one call per ${ROWS_PER_CALL} rows started (1–100 rows: 1, 101–200: 2, …, 1,000: 10), counted all or nothing before any row is converted: ` +
      'a quota, key cap or burst that cannot take them all refuses the batch with 429 and counts nothing. ' +
      'Rows at a day or a fixing need a plan with history (Basic and up); `numbers=string` writes every decimal as a string. Not cached (`no-store`). ' +
      `A row's problem is one of: ${ROW_PROBLEMS.map((code) => `\`${code}\``).join(', ')}.`,
  })
  @ApiBody({ schema: openApiSchema(BATCH_REQUEST) })
  @ApiOkResponse({
    description: `OK; counted as one call per ${ROWS_PER_CALL} rows against your monthly quota`,
    schema: openApiSchema(BATCH_ANSWER),
    headers: RATE_LIMIT_HEADERS,
  })
  @ApiResponse({ status: 429, ...TOO_MANY, headers: { ...TOO_MANY.headers, ...RATE_LIMIT_HEADERS } })
  @ApiQuery({ name: 'numbers', required: false, schema: openApiSchema(NumbersParameter) })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ...KEY_REFUSALS,
    ErrorCode.PlanUpgradeRequired,
    ErrorCode.ServiceUnavailable,
    ErrorCode.PayloadTooLarge,
  )
  async convert(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const key = await this.keys.resolve(keyOf(request), request.raw.socket);
    const now = this.clock.now();
    try {
      const { body, headers } = await this.answer(request, key, now);
      this.breakdown.count(key.userId, key.keyId, ENDPOINT, 200, now);
      void reply.headers(headers).header('content-type', 'application/json; charset=utf-8');
      return body;
    } catch (error) {
      this.breakdown.count(key.userId, key.keyId, ENDPOINT, statusOfFailure(error), now);
      throw error;
    }
  }

  private async answer(
    request: FastifyRequest,
    key: ResolvedKey,
    now: number,
  ): Promise<{ body: string; headers: Record<string, string> }> {
    assertKeyAdmits(key, 'rates:read', now, {
      clientAddress: () => request.ip,
      headers: { origin: request.headers.origin },
    });
    assertEndpointInPlan(key.plan, 'convert-batch');
    const numbers = numbersOf(request.query as Query);
    const rows = batchRowsOf((request as { rawBody?: Buffer }).rawBody);
    const calls = callsFor(rows.length);
    const test = key.kind === 'test';
    // Counted before the rows are converted: a batch its limits refuse costs no conversion or read.
    const headers = await this.meter(key, now, calls);
    const { results, ok, failed } = await this.batches.convert(rows, key, now, numbers);
    // No cache may keep it: the answer is the caller's own rows.
    headers['cache-control'] = 'no-store';
    if (test) headers[ENVIRONMENT_HEADER] = 'test';
    const body =
      `{${test ? '"environment":"test",' : ''}"results":[${results.join(',')}],` +
      `"ok":${ok},"failed":${failed},"calls":${calls}}`;
    return { body, headers };
  }

  /** The batch's calls counted all or nothing (a test key: held to its burst only, as on GET). */
  private meter(key: ResolvedKey, now: number, calls: number): Promise<Record<string, string>> {
    if (key.kind !== 'test') return this.metering.meterUnits(key, now, calls);
    return new Promise((resolve, reject) => this.metering.admitTestCall(key, now, resolve, reject));
  }
}

/** The key sent as X-API-Key or, failing that, as a Bearer token; 401 when neither is. */
function keyOf(request: FastifyRequest): string {
  const key = presentedKey(request.headers);
  if (key) return key;
  throw new AppException(ErrorCode.MissingApiKey, SEND_YOUR_KEY);
}

/** `numbers` of the query, its only parameter: JSON numbers (default) or decimal strings. */
function numbersOf(query: Query): NumbersFormat {
  onlyParameters(query, ['numbers']);
  return optionalChoice(query, 'numbers', NUMBERS_FORMATS, 'number');
}

/** The status a failure is answered with: a problem's own, else a bug's 500. */
const statusOfFailure = (error: unknown): number =>
  error instanceof AppException ? STATUS_BY_CODE[error.code] : 500;
