export * from './redis-connection';
export * from './redis-connections';
export * from './redis.module';
