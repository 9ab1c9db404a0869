export * from './sse';
export * from './stream-hub';
export * from './streams.module';
