import 'reflect-metadata';
import { previewOpenApiDocument } from '../openapi-preview';

/**
 * Prints the API's OpenAPI document (as /api/docs-json serves it) without a database or Redis, for
 * `npm run sdk:generate`. Usage: node dist/services/api/src/cli/openapi-document.js > openapi.json
 */
previewOpenApiDocument().then(
  // Exits once the document is written: the throttler's Redis client (made with the module) would
  // otherwise keep retrying an address nothing listens on.
  (document) => process.stdout.write(`${JSON.stringify(document)}\n`, () => process.exit(0)),
  (error: Error) => {
    process.stderr.write(`openapi-document: ${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
