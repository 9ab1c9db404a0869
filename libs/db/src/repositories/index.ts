export * from './repository-provider';
export * from './rate-history.repository';
export * from './closes-import.repository';
