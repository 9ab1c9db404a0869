import { SESSION_STORAGE_KEY } from '@fxrates/domain';
import { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { AnonymousSession } from './anonymous-session';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const HOUR = 3_600_000;

function setup(now = { value: Date.UTC(2026, 8, 29, 12) }) {
  let issued = 0;
  const fetchImpl = (async () => {
    issued += 1;
    return new Response(
      JSON.stringify({
        sessionToken: `token-${issued}`,
        expiresAt: new Date(now.value + 12 * HOUR).toISOString(),
      }),
      { status: 201, headers: { 'Content-Type': 'application/json' } },
    );
  }) as typeof fetch;
  const storage = new MemoryStorage();
  const session = new AnonymousSession(
    new ApiClient({ baseUrl: '/api', fetchImpl }),
    storage,
    () => now.value,
  );
  return { session, storage, now, issuedCount: () => issued };
}

describe('AnonymousSession', () => {
  it('creates a session once and reuses it, also across instances through localStorage', async () => {
    const { session, storage, now, issuedCount } = setup();
    await expect(Promise.all([session.getToken(), session.getToken()])).resolves.toEqual([
      'token-1',
      'token-1',
    ]);
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? '')).toEqual({
      token: 'token-1',
      expiresAt: now.value + 12 * HOUR,
    });
    expect(issuedCount()).toBe(1);
  });

  it('creates a new session when the stored one is about to expire', async () => {
    const { session, now } = setup();
    await session.getToken();
    now.value += 12 * HOUR - 30_000;
    await expect(session.getToken()).resolves.toBe('token-2');
  });

  it('drops an unreadable stored value', async () => {
    const { session, storage } = setup();
    storage.setItem(SESSION_STORAGE_KEY, 'legacy-plain-token');
    await expect(session.getToken()).resolves.toBe('token-1');
  });

  it('retries a call once with a new session after 401', async () => {
    const { session } = setup();
    const tokensSeen: string[] = [];
    const result = await session.run(async (headers) => {
      tokensSeen.push(headers['X-Session-Token']);
      if (tokensSeen.length === 1)
        throw new ApiError({ status: 401, code: 'session-expired', message: 'expired' });
      return 'ok';
    });
    expect(result).toBe('ok');
    expect(tokensSeen).toEqual(['token-1', 'token-2']);
  });
});
