/**
 * How the API behaves while a dependency is away or the process is stopping: PostgreSQL or Redis
 * unreachable is a 503 with Retry-After (logged once in a while, not per request), and a shutdown
 * turns readiness off and closes connections so traffic moves elsewhere first.
 */
export * from './shutdown-state';
export * from './store-outage';
export * from './unavailable-dependency';
