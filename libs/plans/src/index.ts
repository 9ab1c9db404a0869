export * from './user-plan';
export * from './upgrade-grant';
