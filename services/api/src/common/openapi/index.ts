/**
 * The OpenAPI document's pieces: the problem responses and shared headers (openapi.ts), the schema a
 * route served before Nest is described by (route-schema.ts) and the operations generated from it
 * (route-openapi.ts), the record of the routes Fastify registered, which the document must cover, and
 * the writers compiled from the same schemas that write each answer (json-writer.ts).
 */
export * from './json-writer';
export * from './openapi';
export * from './pending-change.openapi';
export * from './route-openapi';
export * from './route-registry';
export * from './route-schema';
