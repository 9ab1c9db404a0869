import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The EntityManager a repository persists entities with: the one it was given inside a transaction
 * (its writes join it), a fork of its own otherwise (the application's global one holds no unit of
 * work of a request's).
 */
export const forWrites = (em: EntityManager): EntityManager => (em.isInTransaction() ? em : em.fork());
