export * from './env-schema';
export * from './schema';
export * from './config';
export * from './tokens';
export * from './logger';
export type { LocalSecretsOptions } from './local-secrets';
