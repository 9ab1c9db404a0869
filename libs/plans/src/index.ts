export * from './user-plan';
