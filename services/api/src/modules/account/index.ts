export * from './account.module';
