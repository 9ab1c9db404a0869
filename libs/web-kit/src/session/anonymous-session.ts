import { SESSION_HEADER, SESSION_STORAGE_KEY, SESSION_TTL_MS, type SessionResponse } from '@fxrates/domain';
import type { ApiClient } from '../api/api-client';
import { isApiError } from '../api/api-error';

/** What is kept in localStorage under `session_token`. */
interface StoredSession {
  token: string;
  /** Epoch milliseconds after which the token is not reused. */
  expiresAt: number;
}

/** Tokens are renewed slightly before they expire so that a request never carries a dying token. */
const EXPIRY_MARGIN_MS = 60_000;

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled by the browser's privacy settings: sessions then live in memory only.
    return null;
  }
}

/**
 * The anonymous session of the landing converter (POST /auth/session, cached and
 * reused for 12 hours). One instance is shared by the whole page.
 */
export class AnonymousSession {
  private memory: StoredSession | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly client: ApiClient,
    private readonly storage: Storage | null = browserStorage(),
    private readonly now: () => number = Date.now,
  ) {}

  /** A valid session token: the cached one, or a new one from the API. */
  getToken(): Promise<string> {
    const cached = this.readValid();
    if (cached) return Promise.resolve(cached.token);
    this.pending ??= this.create().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** Headers that carry the session token. */
  async headers(): Promise<Record<string, string>> {
    return { [SESSION_HEADER]: await this.getToken() };
  }

  /** Forgets the token, e.g. after the API refused it with 401. */
  clear(): void {
    this.memory = null;
    this.storage?.removeItem(SESSION_STORAGE_KEY);
  }

  /**
   * Runs a call with the session token; when the API answers 401 it creates a new session and
   * retries once.
   */
  async run<T>(call: (sessionHeaders: Record<string, string>) => Promise<T>): Promise<T> {
    try {
      return await call(await this.headers());
    } catch (error) {
      if (!isApiError(error) || !error.isUnauthorized) throw error;
      this.clear();
      return call(await this.headers());
    }
  }

  private async create(): Promise<string> {
    const response = await this.client.post<SessionResponse>('/auth/session');
    const serverExpiry = Date.parse(response.expiresAt);
    const localExpiry = this.now() + SESSION_TTL_MS;
    const session: StoredSession = {
      token: response.sessionToken,
      expiresAt: Number.isFinite(serverExpiry) ? Math.min(serverExpiry, localExpiry) : localExpiry,
    };
    this.memory = session;
    this.storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    return session.token;
  }

  private readValid(): StoredSession | null {
    const session = this.memory ?? this.readStored();
    if (!session || session.expiresAt - EXPIRY_MARGIN_MS <= this.now()) return null;
    this.memory = session;
    return session;
  }

  private readStored(): StoredSession | null {
    const raw = this.storage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (
        typeof parsed === 'object' &&
        parsed !== null &&
        typeof (parsed as StoredSession).token === 'string' &&
        typeof (parsed as StoredSession).expiresAt === 'number'
      ) {
        return parsed as StoredSession;
      }
    } catch {
      // A value written by another version of the app: drop it below and start a new session.
    }
    this.storage?.removeItem(SESSION_STORAGE_KEY);
    return null;
  }
}
