import { createHmac } from 'node:crypto';

/** Keys are stored and looked up by this HMAC only; without the server secret it reveals nothing. */
export function hashApiKey(secret: string, key: string): string {
  return createHmac('sha256', secret).update(key).digest('hex');
}
