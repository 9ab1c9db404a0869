import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '@fxrates/config';

/**
 * What the factories write with: the database (an entity manager each factory forks, so rows from one
 * test never wait in another's unit of work) and the parts of the config that decide how a row is
 * stored (the key HMAC's secret and the key prefix).
 */
export interface GivenDatabase {
  em: EntityManager;
  config: Pick<AppConfig, 'keys' | 'product'>;
}
