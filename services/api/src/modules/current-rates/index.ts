export * from './current-rates';
export * from './current-rates.module';
export * from './with-rates';
