import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { PlanQuotesResponse } from '@fxrates/domain';
import request from 'supertest';

/** GET /api/v1/subscriptions/quotes as the signed-in user: every plan priced for them now. */
export async function planQuotes(
  app: NestFastifyApplication,
  accessToken: string,
): Promise<PlanQuotesResponse> {
  const res = await request(app.getHttpServer())
    .get('/api/v1/subscriptions/quotes')
    .set('Authorization', `Bearer ${accessToken}`)
    .expect(200);
  return res.body as PlanQuotesResponse;
}
