/** Response security headers, CORS, and limits counted in Redis (429 with Retry-After). */
export * from './cors';
export * from './redis-limit';
export * from './security-headers';
