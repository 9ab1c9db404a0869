import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { PlanId } from '@fxrates/domain';
import request from 'supertest';
import { UserPlansService } from '../../src/modules/plans';
import { register } from './auth-client';

/** One new user per plan, each with an API key: the keys by plan. */
export async function keysOnPlans<P extends PlanId>(
  app: NestFastifyApplication,
  plans: readonly P[],
): Promise<Record<P, string>> {
  const keys = {} as Record<P, string>;
  for (const plan of plans) {
    const { accessToken, res } = await register(app);
    keys[plan] = (
      await request(app.getHttpServer())
        .post('/api/keys')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ name: plan })
        .expect(201)
    ).body.key;
    if (plan !== 'free') await app.get(UserPlansService).changePlan(res.body.user.uid, plan);
  }
  return keys;
}
