/** In-process caches: LRUs whose memory grows with what they hold, and a cache's re-read in the background. */
export * from './background-reread';
export * from './growing-lru';
