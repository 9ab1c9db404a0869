/**
 * What a request may carry and how it is read: the hand-written query parsers (the hot path) with the
 * schemas that document them, the converter's query, JSON bodies and their limits, the
 * class-validator pipe, and the cursor of a page listed newest first. Each refusal is a 400 with its own code.
 */
export * from './convert-query';
export * from './json-body';
export * from './limits';
export * from './newest-first-cursor';
export * from './paged-list-query';
export * from './query-params';
export * from './query-params.schema';
export * from './validation.pipe';
