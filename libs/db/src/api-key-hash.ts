import { createHmac } from 'node:crypto';

/**
 * Keys are stored and looked up by this HMAC only; without the server secret it reveals nothing. Here
 * beside the entity so whatever writes a key row (the API, the tests' factories) stores it one way.
 */
export function hashApiKey(secret: string, key: string): string {
  return createHmac('sha256', secret).update(key).digest('hex');
}
