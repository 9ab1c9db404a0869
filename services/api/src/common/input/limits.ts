/** Largest request body the API reads; our JSON bodies are a few hundred bytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Deepest nesting a JSON body may have. Ours nest two levels, PayPal's webhooks about eight; class-
 * transformer recurses once per level and overflows the stack long before a 64 KB body runs out.
 */
export const JSON_MAX_DEPTH = 32;

/** Longest path parameter the router matches (Fastify's default); a longer one is 414. */
export const PATH_PARAM_MAX_LENGTH = 100;
