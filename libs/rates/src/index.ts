export * from './decimal';
export * from './rates-table';
export * from './convert';
export * from './bundled-snapshot';
export * from './rates-store';
export * from './ecb-history';
