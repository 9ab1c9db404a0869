export * from './health.module';
