import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { PlanId } from '@fxrates/domain';
import { givenIn } from './given';

/** One new user per plan, each with an API key: the keys by plan. */
export async function keysOnPlans<P extends PlanId>(
  app: NestFastifyApplication,
  plans: readonly P[],
): Promise<Record<P, string>> {
  const given = givenIn(app);
  const keys = {} as Record<P, string>;
  for (const plan of plans) keys[plan] = (await given.keyOnPlan({ plan, name: plan })).key;
  return keys;
}
