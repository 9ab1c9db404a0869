export * from './queues';
export * from './job-registry';
export * from './queue-of';
export * from './connection';
export * from './usage';
export * from './paypal';
export * from './redis-eviction-policy';
export * from './channels';
