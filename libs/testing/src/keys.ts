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
  const prefix = db.config.product.apiKeyPrefix;
  const key = `${prefix}${randomUUID().replace(/-/g, '')}`;
  const name = options.name ?? 'primary';
  const status = options.status ?? 'active';
  const createdAt = options.createdAt ?? new Date();
  const row = await new ApiKeysRepository(db.em.fork()).create({
    userId: user.id,
    name,
    keyHash: hashApiKey(db.config.keys.hashSecret, key),
    keyPrefix: prefix,
    keyLast4: key.slice(-4),
    status,
    createdAt,
    disabledAt: status === 'disabled' ? createdAt : null,
  });
  return { id: row.id, key, name, userId: user.id };
}
