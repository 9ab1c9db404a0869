import { ApiKeysRepository, hashApiKey } from '@fxrates/db';
import type { ApiKeyStatus } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import type { GivenDatabase } from './database';

export interface GivenKeyOptions {
  name?: string;
  status?: ApiKeyStatus;
  createdAt?: Date;
}

/** A key as the dashboard shows it once: the plain key (for X-API-Key) and its row's id. */
export interface GivenKey {
  id: string;
  key: string;
  name: string;
  userId: string;
}

/** An API key of `user`, stored as the API stores one: its HMAC, prefix and last four characters. */
export async function givenKey(
  db: GivenDatabase,
  user: { id: string },
  options: GivenKeyOptions = {},
): Promise<GivenKey> {
  const { createdAt } = options;
  const [key] = await givenKeys(db, user, 1, {
    name: () => options.name ?? 'primary',
    status: options.status,
    createdAt: createdAt && (() => createdAt),
  });
  return key;
}

/** How each of several keys is made, by its index (0: the first). */
export interface GivenKeysOptions {
  /** `key 1`, `key 2`, … unless given. */
  name?: (index: number) => string;
  status?: ApiKeyStatus;
  /** When each key was made (and, when disabled, disabled); now unless given. */
  createdAt?: (index: number) => Date;
}

/**
 * `count` keys of `user` in one insert, each stored as the API stores one: for a test that needs many
 * (the disabled keys kept per user), which one flush keeps fast. Answered in index order.
 */
export async function givenKeys(
  db: GivenDatabase,
  user: { id: string },
  count: number,
  options: GivenKeysOptions = {},
): Promise<GivenKey[]> {
  const prefix = db.config.product.apiKeyPrefix;
  const status = options.status ?? 'active';
  const now = new Date();
  const made = Array.from({ length: count }, (_, index) => {
    const key = `${prefix}${randomUUID().replace(/-/g, '')}`;
    const createdAt = options.createdAt?.(index) ?? now;
    return {
      key,
      stored: {
        userId: user.id,
        name: options.name?.(index) ?? `key ${index + 1}`,
        keyHash: hashApiKey(db.config.keys.hashSecret, key),
        keyPrefix: prefix,
        keyLast4: key.slice(-4),
        status,
        createdAt,
        disabledAt: status === 'disabled' ? createdAt : null,
      },
    };
  });
  const rows = await new ApiKeysRepository(db.em.fork()).createMany(made.map(({ stored }) => stored));
  return rows.map((row, index) => ({ id: row.id, key: made[index].key, name: row.name, userId: user.id }));
}
