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
  /** The plan picked when signing up, carried to checkout. */
  chosenPlan?: PlanId | null;
  emailVerifiedAt?: Date | null;
  /** Now unless given. */
  createdAt?: Date;
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
      createdAt: user.createdAt ?? new Date(),
    });
    await em.flush();
    return entity;
  }

  /**
   * Replaces the password hash while the account still has `email` (the address the change was
   * proved with), verifying the address too when `verifiesEmail`; false (nothing changed) otherwise.
   */
  async replacePasswordHash(
    userId: string,
    email: string,
    passwordHash: string,
    verifiesEmail: boolean,
  ): Promise<boolean> {
    const updated = await this.em.execute(
      `update users set password_hash = ?,
              email_verified_at = case when ? then coalesce(email_verified_at, now()) else email_verified_at end
        where id = ? and email = ? returning id`,
      [passwordHash, verifiesEmail, userId, email],
    );
    return updated.length > 0;
  }

  /**
   * Moves the account to `email` (verified: its link was opened) while it still has
   * `previousEmail`; false otherwise. Throws the unique violation when another account has it.
   */
  async moveEmail(userId: string, previousEmail: string, email: string): Promise<boolean> {
    const moved = await this.em.execute(
      `update users set email = ?, email_verified_at = now() where id = ? and email = ? returning id`,
      [email, userId, previousEmail],
    );
    return moved.length > 0;
  }

  /** Marks `email` verified while it is still the account's; answers the account, or undefined. */
  async verifyEmail(
    userId: string,
    email: string,
  ): Promise<{ id: string; email: string; displayName: string } | undefined> {
    const [user] = await this.em.execute<{ id: string; email: string; displayName: string }[]>(
      `update users set email_verified_at = coalesce(email_verified_at, now())
        where id = ? and email = ?
        returning id, email, display_name as "displayName"`,
      [userId, email],
    );
    return user;
  }

  /** Whether the account's address is verified; undefined when there is no such account. */
  async isEmailVerified(userId: string): Promise<boolean | undefined> {
    const [user] = await this.em
      .getConnection()
      .execute<{ verified: boolean }[]>(
        'select email_verified_at is not null as verified from users where id = ?',
        [userId],
      );
    return user?.verified;
  }

  /** Locks the user's row until the transaction ends; false when there is no such user. */
  async lock(userId: string): Promise<boolean> {
    const rows = await this.em.execute('select 1 from users where id = ? for update', [userId]);
    return rows.length > 0;
  }
}
