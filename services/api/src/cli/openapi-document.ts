import 'reflect-metadata';
import { previewOpenApiDocument } from '../openapi-preview';

/**
 * Prints the API's OpenAPI document (as /api/docs-json serves it) without a database or Redis, for
 * `npm run sdk:generate`. Usage: node dist/services/api/src/cli/openapi-document.js > openapi.json
 */
previewOpenApiDocument().then(
  (document) => process.stdout.write(`${JSON.stringify(document)}\n`),
  (error: Error) => {
    process.stderr.write(`openapi-document: ${error.stack ?? error.message}\n`);
    process.exitCode = 1;
  },
);
