export * from './convert.route';
export * from './pair-history.route';
export * from './landing-converter.module';
