import { Type, type Static } from '@sinclair/typebox';
import { ErrorCode, MAX_USAGE_BREAKDOWN_DAYS, PLAN_IDS, STATUS_CLASSES } from '@fxrates/domain';
import { parameterNames, StringEnum } from '../../../common/openapi';
import { type MeteringService, quotaState, usagePeriod } from '../../metering';
import { breakdownRange, type UsageBreakdownService } from '../../usage';
import { Day, DayParameter, onlyParameters, optionalString } from '../../../common/input';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../public-route';
import { compileWriter } from '../../../common/openapi';

const QUERY = Type.Object({
  from: Type.Optional(
    DayParameter("First day of `breakdown`, included (default: the first day of `to`'s month)", '2026-11-01'),
  ),
  to: Type.Optional(
    DayParameter(
      `Last day of \`breakdown\`, included, not after today, at most ${MAX_USAGE_BREAKDOWN_DAYS} days after \`from\` (default: today)`,
      '2026-11-20',
    ),
  ),
});
const PARAMETERS = parameterNames(QUERY);

const count = (description: string, example: number) => Type.Integer({ minimum: 0, description, example });
const keyId = Type.String({ format: 'uuid', example: '0b6c1e2d-3a4b-4c5d-8e7f-9a0b1c2d3f9a' });

const Breakdown = Type.Object(
  {
    from: Day('First day (UTC), included'),
    to: Day('Last day (UTC), included'),
    rows: Type.Array(
      Type.Object(
        {
          day: Day('Day (UTC)'),
          keyId,
          endpoint: Type.String({
            description: "The route's path under /api/v1, a template (`:date`), not the path as called",
            example: 'rates/historical/:date',
          }),
          statusClass: StringEnum(STATUS_CLASSES, { example: '2xx' }),
          calls: Type.Integer({ minimum: 1, example: 42 }),
        },
        { additionalProperties: false },
      ),
      { description: 'Every cell with calls, by day, key, endpoint and status class' },
    ),
    keys: Type.Array(
      Type.Object(
        {
          id: keyId,
          name: Type.String({ example: 'Production server' }),
          maskedKey: Type.String({ example: 'fxrates_••••••••••••••••••••••••••••3f9a' }),
        },
        { additionalProperties: false },
      ),
      {
        description:
          'The keys the rows name, disabled and test keys included; a key deleted since (the oldest disabled ones are) is not listed',
      },
    ),
  },
  {
    additionalProperties: false,
    description:
      'Every call made with your keys and answered, 2xx, 3xx (304), 4xx (refusals) and 5xx alike, per key, endpoint, status class and day; counts lag by up to 10 seconds. Not what is billed: that is `used`.',
  },
);

const Usage = Type.Object(
  {
    plan: StringEnum(PLAN_IDS),
    monthlyQuota: count('Metered calls per calendar month (UTC)', 1000),
    used: count('Metered calls this month', 42),
    remaining: count('Calls left this month', 958),
    resetsAt: Type.String({ format: 'date-time', description: 'Start of next month (UTC)' }),
    burstPerSecond: count('Metered calls per second', 2),
    breakdown: Breakdown,
  },
  { $id: 'Usage', additionalProperties: false },
);
const writer = compileWriter(Usage);

/**
 * GET /api/v1/usage?from&to: this month's quota state of the key's owner and the breakdown of the
 * owner's calls over the days asked for (not metered).
 */
export function usageRoute(metering: MeteringService, breakdowns: UsageBreakdownService): PublicRoute {
  return {
    path: `${PUBLIC_API_PREFIX}/usage`,
    metered: false,
    scope: 'usage:read',
    // Changes with every metered call: revalidate each time (a 304 when nothing changed).
    caching: { made: 'fixed', cacheControl: 'private, no-cache' },
    writer,
    schema: {
      operationId: 'getQuotaUsage',
      summary: "This month's quota state and the calls of your keys (not metered)",
      description: `The plan of the key's owner, its monthly quota and burst, the calls used this month and when the quota resets; and \`breakdown\`: every call made with any of the owner's keys from \`from\` to \`to\` (days, UTC; by default this month up to today; at most ${MAX_USAGE_BREAKDOWN_DAYS} days), per key, endpoint, status class and day. The same breakdown read again within a few seconds is answered from memory; reads beyond that are limited per user (429 \`rate-limited\` with Retry-After).`,
      query: QUERY,
      body: Usage,
      problems: [ErrorCode.RateLimited, ErrorCode.ServiceUnavailable],
    },
    async handle({ query, key, now }) {
      onlyParameters(query, PARAMETERS);
      const range = breakdownRange(optionalString(query, 'from'), optionalString(query, 'to'), now);
      const [used, breakdown] = await Promise.all([
        metering.used(key.userId, now),
        breakdowns.of(key.userId, range),
      ]);
      const state: Static<typeof Usage> = {
        ...quotaState(metering.limitsOf(key.plan), used, usagePeriod(now)),
        breakdown,
      };
      return writer.write(state);
    },
  };
}
