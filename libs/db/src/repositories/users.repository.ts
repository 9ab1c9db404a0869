import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlanId } from '@fxrates/domain';
import { User } from '../entities';
import { forWrites } from './entity-manager-for-writes';

/** What a new account needs; the rest takes the entity's defaults. */
export interface NewUser {
  email: string;
  /** An argon2 hash (the password store makes it). */
  passwordHash: string;
  firstName: string;
  lastName: string;
  /** Defaults to the first and last names. */
  displayName?: string;
  plan?: PlanId;
  company?: string | null;
  emailVerifiedAt?: Date | null;
}

/**
 * The users table. `create` writes the user row alone: registration (AuthService) also opens the
 * free plan's subscription.
 */
export class UsersRepository {
  constructor(private readonly em: EntityManager) {}

  /** Inserts a user and answers it. */
  async create(user: NewUser): Promise<User> {
    const em = forWrites(this.em);
    const entity = em.create(User, {
      ...user,
      displayName: user.displayName ?? `${user.firstName} ${user.lastName}`.trim(),
      plan: user.plan ?? 'free',
      createdAt: new Date(),
    });
    await em.flush();
    return entity;
  }
}
