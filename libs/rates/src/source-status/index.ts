export * from './source-health-store';
export * from './source-age-samples';
export * from './missed-publishes';
