import { loadConfig } from '@fxrates/config';
import { ormConfig } from '@fxrates/db';
import { givenFor, type Given } from '@fxrates/testing';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';

/** The cluster's database: the test factories and the ORM's reads of what the instances stored. */
export interface ClusterDatabase {
  given: Given;
  /** An entity manager of its own, for one read. */
  em(): EntityManager;
  /** Before the cluster stops: its database is dropped then. */
  close(): Promise<void>;
}

/**
 * One ORM on the cluster's database, with the factories bound to it and to the config every process
 * of the cluster shares (the key HMAC's secret and the key prefix among it), so a key they make
 * authenticates on every instance.
 */
export function openClusterDatabase(cluster: {
  databaseUrl: string;
  env: NodeJS.ProcessEnv;
}): ClusterDatabase {
  const orm = new MikroORM(ormConfig({ url: cluster.databaseUrl, poolMax: 2 }));
  return {
    given: givenFor({ em: orm.em, config: loadConfig(cluster.env) }),
    em: () => orm.em.fork(),
    close: () => orm.close(),
  };
}
