/** The time the API reads, injected so tests can move it (clock.ts). */
export * from './clock';
