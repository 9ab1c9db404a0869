import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { AnonymousSession } from '@fxrates/db';
import { ErrorCode, SESSION_TTL_MS, type SessionResponse } from '@fxrates/domain';
import { growingLru, BackgroundReread, inBatches } from '../../common/caching';
import { AppException } from '../../common/errors';
import { hashSessionToken, newSessionToken, SESSION_TOKEN_PATTERN } from './session-token';

const CACHE_LIMIT = 100_000;
const UNKNOWN_TTL_MS = 10_000;
/** Sessions re-read per query when the cache is revalidated. */
const REVALIDATION_BATCH = 1_000;

/**
 * Anonymous converter sessions. Tokens are stored hashed; validation is answered from an in-process
 * cache so the converter's hot path never waits on PostgreSQL after a token's first use here. A
 * session deleted before its expiry (an operator ending an abusive one) is forgotten by the
 * background re-read every half of API_CACHE_MAX_AGE_SECONDS, as cached API keys are.
 */
@Injectable()
export class SessionsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SessionsService.name);
  /** token hash → expiry (ms since epoch); for unknown tokens, a negative entry until its time. */
  private readonly known = growingLru<string, number>(CACHE_LIMIT);
  private readonly unknown = growingLru<string, number>(CACHE_LIMIT);
  private readonly revalidation = new BackgroundReread(() => this.rereadCache());

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.revalidation.start(this.config.keys.cacheMaxAgeMs / 2);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.revalidation.stop();
  }

  /**
   * Forgets the cached sessions PostgreSQL no longer holds (BackgroundReread). While PostgreSQL is
   * unreachable the entries stay, and the next round tries again.
   */
  private async rereadCache(): Promise<void> {
    const cached = [...this.known.keys()];
    const present = new Set<string>();
    try {
      await inBatches(cached, REVALIDATION_BATCH, async (batch) => {
        const rows = await this.em
          .fork()
          .find(AnonymousSession, { tokenHash: { $in: batch } }, { fields: ['tokenHash'] });
        for (const row of rows) present.add(row.tokenHash);
      });
    } catch (error) {
      this.logger.warn(`Could not re-read ${cached.length} cached session(s): ${(error as Error).message}`);
      return;
    }
    // A session created meanwhile was not asked about: only those asked and absent are gone.
    for (const hash of cached) if (!present.has(hash)) this.known.delete(hash);
  }

  async create(now = Date.now()): Promise<SessionResponse> {
    const token = newSessionToken();
    const expiresAt = new Date(now + SESSION_TTL_MS);
    const em = this.em.fork();
    const session = em.create(AnonymousSession, {
      tokenHash: hashSessionToken(token),
      expiresAt,
      createdAt: new Date(now),
    });
    await em.persist(session).flush();
    this.remember(session.tokenHash, expiresAt.getTime());
    return { sessionToken: token, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Returns the token's hash (what the session is known by, e.g. to limit it) when the token is valid
   * now, and throws the matching 401 otherwise. Answers synchronously from the cache; only a token
   * this instance has not seen yet costs a PostgreSQL lookup (a promise).
   */
  verify(token: string | undefined): string | Promise<string> {
    if (token === undefined || token === '') {
      throw new AppException(
        ErrorCode.MissingSessionToken,
        'A session token is required. Create one with POST /api/auth/session and send it in X-Session-Token.',
      );
    }
    if (!SESSION_TOKEN_PATTERN.test(token)) throw this.invalid();
    const hash = hashSessionToken(token);
    const expiresAt = this.known.get(hash);
    if (expiresAt !== undefined) {
      this.checkExpiry(expiresAt);
      return hash;
    }
    const negativeUntil = this.unknown.get(hash);
    if (negativeUntil !== undefined && negativeUntil > Date.now()) throw this.invalid();
    return this.lookup(hash);
  }

  private async lookup(hash: string): Promise<string> {
    const row = await this.em
      .fork()
      .findOne(AnonymousSession, { tokenHash: hash }, { fields: ['expiresAt'] });
    if (!row) {
      this.unknown.set(hash, Date.now() + UNKNOWN_TTL_MS);
      throw this.invalid();
    }
    this.remember(hash, row.expiresAt.getTime());
    this.checkExpiry(row.expiresAt.getTime());
    return hash;
  }

  private checkExpiry(expiresAt: number): void {
    if (expiresAt <= Date.now()) {
      throw new AppException(
        ErrorCode.SessionExpired,
        'The session has expired. Create a new one with POST /api/auth/session.',
      );
    }
  }

  private invalid(): AppException {
    return new AppException(
      ErrorCode.InvalidSessionToken,
      'The session token is not valid. Create a new one with POST /api/auth/session.',
    );
  }

  private remember(hash: string, expiresAt: number): void {
    this.known.set(hash, expiresAt);
  }
}
