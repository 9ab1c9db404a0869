import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlanId } from '@fxrates/domain';
import { ApiKeysRepository, UsersRepository } from '../../src';
import { unique } from './test-database';

/** A user of its own (no password anyone signs in with: the repositories never check it). */
export async function newUser(em: EntityManager, plan: PlanId = 'free'): Promise<string> {
  const user = await new UsersRepository(em).create({
    email: `repo-${unique(6)}@example.test`,
    passwordHash: 'not-a-hash',
    firstName: 'Repo',
    lastName: 'Test',
    plan,
  });
  return user.id;
}

/** A key of `userId`'s, with a random stored hash; answers its id and hash. */
export async function newKey(
  em: EntityManager,
  userId: string,
  options: { status?: 'active' | 'disabled'; disabledAt?: Date; createdAt?: Date } = {},
): Promise<{ id: string; hash: string }> {
  const hash = unique(32);
  const key = await new ApiKeysRepository(em).create({
    userId,
    name: 'repository test',
    keyHash: hash,
    keyPrefix: 'fx_',
    keyLast4: hash.slice(-4),
    ...options,
  });
  return { id: key.id, hash };
}
