import { EntityManager } from '@mikro-orm/postgresql';

/**
 * A Nest provider of a repository built on the module's EntityManager: repositories are plain
 * classes (the CLIs and tests build them with `new`), so Nest is told how to make one.
 */
export function repositoryProvider<T>(type: new (em: EntityManager) => T): {
  provide: new (em: EntityManager) => T;
  useFactory: (em: EntityManager) => T;
  inject: [typeof EntityManager];
} {
  return { provide: type, useFactory: (em) => new type(em), inject: [EntityManager] };
}
