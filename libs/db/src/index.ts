export * from './entities';
export * from './orm-config';
export * from './ensure-database';
export * from './migrate';
export * from './create-migration';
export * from './email-verification-token';
export * from './password-reset-token';
export * from './email-change-token';
