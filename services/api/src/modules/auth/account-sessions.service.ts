import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AccountSession } from '@fxrates/db';
import { ErrorCode, type AccountSessionView } from '@fxrates/domain';
import { isUUID } from 'class-validator';
import { AppException } from '../../common/errors';
import { RefreshTokensService } from './refresh-tokens.service';

const notFound = () =>
  new AppException(
    ErrorCode.SessionNotFound,
    'No active session of yours has this id. It may have ended already.',
  );

/**
 * "Sessions" on the account page: the account's signed-in sessions, and signing any of
 * them out (RefreshTokensService ends its refresh tokens and, through the session row, its access
 * tokens at once).
 */
@Injectable()
export class AccountSessionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly refreshTokens: RefreshTokensService,
  ) {}

  /** The active sessions of the user, newest use first; `currentId` is the caller's. */
  async list(userId: string, currentId: string): Promise<AccountSessionView[]> {
    const sessions = await this.em
      .fork()
      .find(
        AccountSession,
        { user: userId, revokedAt: null, expiresAt: { $gt: new Date() } },
        { orderBy: { lastUsedAt: 'desc', createdAt: 'desc' } },
      );
    return sessions.map((session) => ({
      id: session.id,
      browser: session.browser,
      place: session.place,
      network: session.network,
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt.toISOString(),
      current: session.id === currentId,
    }));
  }

  /** Signs one session of the user out; another user's, or one that has ended, is 404 alike. */
  async signOut(userId: string, sessionId: string): Promise<void> {
    if (!isUUID(sessionId) || !(await this.refreshTokens.endSession(userId, sessionId))) throw notFound();
  }

  signOutOthers(userId: string, currentId: string): Promise<void> {
    return this.refreshTokens.endOtherSessions(userId, currentId);
  }
}
