import { freeSubscriptionOf, Subscription, UsersRepository } from '@fxrates/db';
import type { PlanId } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import type { GivenDatabase } from './database';
import { GIVEN_PASSWORD, passwordHashOf } from './password';

export interface GivenUserOptions {
  /** The plan in force (users.plan); `free` unless given. */
  plan?: PlanId;
  /** Stored as given; a unique lower-case address unless given. */
  email?: string;
  password?: string;
  /** Whether the address is verified (only verified addresses create keys); true unless given. */
  verified?: boolean;
  firstName?: string;
  lastName?: string;
  company?: string | null;
  /** The plan picked when signing up (carried to checkout). */
  chosenPlan?: PlanId | null;
  createdAt?: Date;
}

/** A user as the factories made it: the stored row's fields a test reads, and the plain password. */
export interface GivenUser {
  id: string;
  email: string;
  password: string;
  plan: PlanId;
  firstName: string;
  lastName: string;
}

/** A unique address, so tests never clean up and never collide, whatever ran before. */
export function uniqueEmail(): string {
  return `user-${randomUUID()}@example.test`;
}

/**
 * A user as sign-up leaves one (with its free subscription row), then on `plan`: only the sign-up
 * path itself needs the HTTP route, which has its own tests.
 */
export async function givenUser(db: GivenDatabase, options: GivenUserOptions = {}): Promise<GivenUser> {
  const password = options.password ?? GIVEN_PASSWORD;
  const firstName = options.firstName ?? 'Ada';
  const lastName = options.lastName ?? 'Lovelace';
  const plan = options.plan ?? 'free';
  const createdAt = options.createdAt ?? new Date();
  const em = db.em.fork();
  const user = await new UsersRepository(em).create({
    email: options.email ?? uniqueEmail(),
    passwordHash: await passwordHashOf(password),
    firstName,
    lastName,
    company: options.company ?? null,
    plan,
    chosenPlan: options.chosenPlan ?? null,
    createdAt,
    emailVerifiedAt: options.verified === false ? null : createdAt,
  });
  em.create(Subscription, freeSubscriptionOf(user, createdAt));
  await em.flush();
  return { id: user.id, email: user.email, password, plan, firstName, lastName };
}
