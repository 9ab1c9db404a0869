import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ErrorCode, MAX_USAGE_BREAKDOWN_DAYS, type UsageBreakdown } from '@fxrates/domain';
import type { FastifyReply } from 'fastify';
import { ApiProblems } from '../../common/openapi';
import { Clock } from '../../common/time';
import { CurrentUser, JwtAuthGuard, type AuthenticatedUser } from '../auth';
import { UsageBreakdownQuery } from './dto/usage-breakdown.query';
import { UsageBreakdownDto } from './dto/usage-breakdown.response';
import { USAGE_BREAKDOWN_CSV_HEADER, usageBreakdownCsv, usageBreakdownCsvName } from './usage-breakdown-csv';
import { breakdownRange } from './usage-breakdown-range';
import { UsageBreakdownService } from './usage-breakdown.service';

const RANGE_NOTE = `\`from\` and \`to\` are days (YYYY-MM-DD, UTC), both included, \`to\` not after today, at most ${MAX_USAGE_BREAKDOWN_DAYS} days apart; by default this month up to today. Counts lag by up to 10 seconds. Limited per user (429 \`rate-limited\` with Retry-After).`;

/** The signed-in user's calls per key, endpoint, status class and day, as JSON and as a CSV download. */
@ApiTags('usage')
@ApiBearerAuth('bearer')
@UseGuards(JwtAuthGuard)
@Controller('usage')
export class UsageBreakdownController {
  constructor(
    private readonly breakdowns: UsageBreakdownService,
    private readonly clock: Clock,
  ) {}

  @Get('breakdown')
  @ApiOperation({
    operationId: 'getUsageBreakdown',
    summary: 'Calls per key, endpoint, status class and day (dashboard)',
    description: `Every call made with one of your keys and answered, whether it succeeded (2xx), was not modified (3xx), was refused (4xx: quota, burst, scope, parameters, plan) or failed (5xx), counted per key, endpoint and status class for each day with calls; with the keys the rows name, disabled and test keys included. Not what is billed: that is the metered calls of \`getAccountUsage\`. ${RANGE_NOTE}`,
  })
  @ApiOkResponse({ type: UsageBreakdownDto })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.RateLimited,
    ErrorCode.ServiceUnavailable,
  )
  get(@CurrentUser() user: AuthenticatedUser, @Query() query: UsageBreakdownQuery): Promise<UsageBreakdown> {
    return this.breakdowns.of(user.userId, breakdownRange(query.from, query.to, this.clock.now()));
  }

  @Get('breakdown.csv')
  @ApiOperation({
    operationId: 'exportUsageBreakdown',
    summary: 'The usage breakdown as a CSV download (dashboard)',
    description: `The rows of \`getUsageBreakdown\`, one line each, under the header \`${USAGE_BREAKDOWN_CSV_HEADER}\` (RFC 4180, UTF-8, CRLF line ends). A key name that a spreadsheet would take for a formula (starting with = + - @) starts with an apostrophe; a key deleted since is named "Deleted key". A download (Content-Disposition: attachment, \`fxrates-usage-<from>-to-<to>.csv\`), never cached. ${RANGE_NOTE}`,
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'The CSV file',
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="fxrates-usage-<from>-to-<to>.csv"',
        schema: {
          type: 'string',
          example: 'attachment; filename="fxrates-usage-2026-11-01-to-2026-11-20.csv"',
        },
      },
      'Cache-Control': { description: 'Never cached', schema: { type: 'string', example: 'no-store' } },
    },
    content: {
      'text/csv': {
        schema: {
          type: 'string',
          example: `${USAGE_BREAKDOWN_CSV_HEADER}\r\n2026-11-02,0b6c1e2d-3a4b-4c5d-8e7f-9a0b1c2d3f9a,Production server,rates/latest,2xx,42\r\n`,
        },
      },
    },
  })
  @ApiProblems(
    ErrorCode.ValidationFailed,
    ErrorCode.Unauthorized,
    ErrorCode.RateLimited,
    ErrorCode.ServiceUnavailable,
  )
  async csv(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: UsageBreakdownQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const range = breakdownRange(query.from, query.to, this.clock.now());
    const breakdown = await this.breakdowns.of(user.userId, range);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${usageBreakdownCsvName(range)}"`)
      .header('cache-control', 'no-store');
    return usageBreakdownCsv(breakdown);
  }
}
