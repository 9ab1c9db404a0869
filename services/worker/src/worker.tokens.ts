export const WORKER_REDIS = Symbol('WORKER_REDIS');
