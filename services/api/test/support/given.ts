import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { givenFor, type Given } from '@fxrates/testing';

/** The test factories on the database and config of a running API, so what they write is what it reads. */
export function givenIn(app: NestFastifyApplication): Given {
  return givenFor({ em: app.get(MikroORM).em, config: app.get<AppConfig>(APP_CONFIG) });
}
