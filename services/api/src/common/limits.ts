/** Largest request body the API reads; our JSON bodies are a few hundred bytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;
