import { Type, type Static } from '@sinclair/typebox';
import { PLAN_IDS } from '@fxrates/domain';
import { parameterNames, StringEnum } from '../../../common/openapi';
import { type MeteringService, quotaState, usagePeriod } from '../../metering';
import { onlyParameters } from '../../../common/input';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../public-route';
import { compileWriter } from '../../../common/openapi';

const QUERY = Type.Object({});
const PARAMETERS = parameterNames(QUERY);

const count = (description: string, example: number) => Type.Integer({ minimum: 0, description, example });

const Usage = Type.Object(
  {
    plan: StringEnum(PLAN_IDS),
    monthlyQuota: count('Metered calls per calendar month (UTC)', 1000),
    used: count('Metered calls this month', 42),
    remaining: count('Calls left this month', 958),
    resetsAt: Type.String({ format: 'date-time', description: 'Start of next month (UTC)' }),
    burstPerSecond: count('Metered calls per second', 2),
  },
  { $id: 'Usage', additionalProperties: false },
);
const writer = compileWriter(Usage);

/** GET /api/v1/usage: this month's quota state of the key's owner (not metered). */
export function usageRoute(metering: MeteringService): PublicRoute {
  return {
    path: `${PUBLIC_API_PREFIX}/usage`,
    metered: false,
    // Changes with every metered call: revalidate each time (a 304 when nothing changed).
    caching: { made: 'fixed', cacheControl: 'private, no-cache' },
    writer,
    schema: {
      operationId: 'getQuotaUsage',
      summary: "This month's quota state (not metered)",
      description:
        "The plan of the key's owner, its monthly quota and burst, the calls used this month and when the quota resets.",
      query: QUERY,
      body: Usage,
      problems: [],
    },
    async handle({ query, key, now }) {
      onlyParameters(query, PARAMETERS);
      const used = await metering.used(key.userId, now);
      const state: Static<typeof Usage> = quotaState(metering.limitsOf(key.plan), used, usagePeriod(now));
      return writer.write(state);
    },
  };
}
