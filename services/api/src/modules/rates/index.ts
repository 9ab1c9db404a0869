export * from './convert-query';
export * from './convert.route';
export * from './pair-history.route';
export * from './rates.module';
