import type { CurrentUser } from '@fxrates/domain';
import type { FastifyRequest } from 'fastify';

/**
 * Told of every sign-in that completes (the password, and the code when two-factor is on), never of
 * a refresh: the account's audit log records them, from the request's address and browser. Declared
 * here and provided by the audit module, which builds on this one: auth depends on nothing for it.
 * It never throws: a sign-in does not fail because its record could not be written.
 */
export abstract class SignInLog {
  abstract signedIn(user: CurrentUser, request: FastifyRequest): Promise<void>;
}
