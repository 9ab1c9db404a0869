export * from './usage.module';
