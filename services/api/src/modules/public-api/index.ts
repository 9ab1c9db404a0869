export * from './public-api.module';
export * from './public-api.openapi';
export * from './public-api.routes';
export * from './public-route';
export type { CachePolicy } from './cache-policy';
export { Representation } from './representation';
