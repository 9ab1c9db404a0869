export * from './redis-connection';
export * from './redis.module';
