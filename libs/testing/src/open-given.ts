import { loadConfig } from '@fxrates/config';
import { ormConfig } from '@fxrates/db';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { givenFor, type Given } from './given';

/** The factories on a database of their own connection, for suites that run the product as processes. */
export interface OpenGiven {
  given: Given;
  /** An entity manager of its own, for reading what the product stored. */
  em(): EntityManager;
  close(): Promise<void>;
}

/**
 * One ORM on the database at `databaseUrl`, with the factories bound to it and to the config the
 * product's processes load from `env` (the key HMAC's secret and the key prefix among it), so a key
 * they make authenticates there.
 */
export function openGiven(databaseUrl: string, env: NodeJS.ProcessEnv): OpenGiven {
  const orm = new MikroORM(ormConfig({ url: databaseUrl, poolMax: 2 }));
  return {
    given: givenFor({ em: orm.em, config: loadConfig(env) }),
    em: () => orm.em.fork(),
    close: () => orm.close(),
  };
}
