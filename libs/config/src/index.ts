export * from './env-schema';
export * from './schema';
export * from './config';
export * from './tokens';
export * from './logger';
export * from './operator-access';
export * from './client-address';
export type { LocalSecretsOptions } from './local-secrets';
export * from './redis-rate-limiter';
