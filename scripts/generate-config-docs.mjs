// `npm run docs:config`: writes docs/configuration.md from the config schema (libs/config/src/schema.ts),
// through the built backend (the script builds it first). libs/config/src/configuration-docs.spec.ts
// fails while the committed page differs from what this writes.
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as prettier from 'prettier';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const { CONFIGURATION_DOCS_PATH, configurationDocs } = require(
  path.join(root, 'dist/libs/config/src/configuration-docs.js'),
);

const target = path.join(root, CONFIGURATION_DOCS_PATH);
const page = await prettier.format(configurationDocs(), {
  ...(await prettier.resolveConfig(target)),
  filepath: target,
});
await writeFile(target, page);
console.log(`docs:config: wrote ${CONFIGURATION_DOCS_PATH}`);
