import { loadConfig } from '@fxrates/config';
import { ormConfig } from '@fxrates/db';
import { givenFor, type Given } from '@fxrates/testing';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { e2eEnvironment } from './e2e-environment';

let opened: { orm: MikroORM; given: Given } | undefined;

/**
 * The ORM on this worker's stack database, with the factories bound to it and to the config the
 * stack's API runs with (the key HMAC's secret and the key prefix among it: a key they make
 * authenticates there). Opened by the first test of a file that needs it, closed after the file.
 */
function stack(): { orm: MikroORM; given: Given } {
  if (!opened) {
    const { databaseUrl, apiProcessEnv } = e2eEnvironment();
    const orm = new MikroORM(ormConfig({ url: databaseUrl, poolMax: 2 }));
    opened = {
      orm,
      given: givenFor({ em: orm.em, config: loadConfig({ ...process.env, ...apiProcessEnv }) }),
    };
  }
  return opened;
}

afterAll(async () => {
  const orm = opened?.orm;
  opened = undefined;
  await orm?.close();
});

/** The test factories (libs/testing) writing into the database of this worker's stack. */
export const given = new Proxy({} as Given, {
  get: (_target, factory) => stack().given[factory as keyof Given],
});

/** An entity manager of its own on the stack's database, for reading what the product stored. */
export function stackEm(): EntityManager {
  return stack().orm.em.fork();
}
