import { Logger } from '@nestjs/common';
import type { AppException } from '../errors';
import { serviceUnavailable } from './unavailable-dependency';

/** An outage is logged once per this long, not once per refused request. */
const WARN_EVERY_MS = 10_000;

/**
 * Messages of the errors ioredis rejects a command with when Redis cannot answer it: not connected
 * (the offline queue is off, see redis-connection), the connection lost with the command in flight,
 * no answer within the command timeout; and the replies of a Redis that is up but cannot serve yet
 * (loading its data, a replica not yet promoted).
 */
const OUTAGE_MESSAGES = [
  "Stream isn't writeable",
  'Connection is closed',
  'Command timed out',
  'Reached the max retries per request limit',
  'Command aborted due to connection close',
  'LOADING ',
  'MASTERDOWN ',
  'READONLY ',
];

const logger = new Logger('StoreOutage');
let lastWarning = 0;

/** True for an error that means Redis is unreachable for now, rather than a bug. */
export function isStoreOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { message } = error;
  return OUTAGE_MESSAGES.some((known) => message.startsWith(known));
}

/**
 * The 503 `service-unavailable` a request refused by a Redis outage gets, with Retry-After. Expected
 * while Redis restarts (or, for a month counter to rebuild, while PostgreSQL does), so it is logged as
 * one warning line every few seconds, without a stack.
 */
export function storeUnavailable(cause: unknown): AppException {
  const now = Date.now();
  if (now - lastWarning >= WARN_EVERY_MS) {
    lastWarning = now;
    logger.warn(`Answering 503 service-unavailable: ${(cause as Error).message}`);
  }
  return serviceUnavailable();
}
