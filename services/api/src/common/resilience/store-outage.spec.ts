import { ErrorCode } from '@fxrates/domain';
import { Redis } from 'ioredis';
import { AppException } from '../errors';
import { isStoreOutage, storeUnavailable } from './store-outage';

/** The errors a real ioredis client gives with the API's options, no server needed. */
describe('store outage', () => {
  it('recognises what ioredis rejects a command with while Redis is unreachable', async () => {
    const offline = new Redis({ lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const refused = await offline.get('any').catch((error: unknown) => error);
    offline.disconnect();
    const closed = await offline.get('any').catch((error: unknown) => error);
    expect(isStoreOutage(refused)).toBe(true);
    expect(isStoreOutage(closed)).toBe(true);
  });

  it('does not take a bug or a refusal of the command for an outage', () => {
    expect(isStoreOutage(new Error("ERR wrong number of arguments for 'get' command"))).toBe(false);
    expect(isStoreOutage(new TypeError("Cannot read properties of undefined (reading 'month')"))).toBe(false);
    expect(isStoreOutage('Connection is closed.')).toBe(false);
  });

  it('answers 503 service-unavailable with Retry-After and what to do', () => {
    const answer = storeUnavailable(new Error('Connection is closed.'));
    expect(answer).toBeInstanceOf(AppException);
    expect(answer.code).toBe(ErrorCode.ServiceUnavailable);
    expect(answer.status).toBe(503);
    expect(answer.headers).toEqual({ 'Retry-After': '5' });
    expect(answer.message).toBe('The service is briefly unavailable. Retry in 5 seconds.');
  });
});
