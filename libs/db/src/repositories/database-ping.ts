import type { EntityManager } from '@mikro-orm/postgresql';

/** Resolves once PostgreSQL answered a trivial query (health checks): rejects when it cannot be reached. */
export async function pingDatabase(em: EntityManager): Promise<void> {
  await em.getConnection().execute('select 1');
}
