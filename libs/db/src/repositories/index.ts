export * from './repository-provider';
export * from './rate-history.repository';
export * from './closes-import.repository';
export * from './usage.repository';
export * from './api-keys.repository';
export * from './users.repository';
