export * from './good-value';
export * from './rebase';
export * from './rate-guard';
export * from './jump-confirmation';
export * from './merge';
export * from './provider-values-store';
