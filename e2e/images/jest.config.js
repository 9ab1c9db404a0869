/**
 * The images check (deploy/README.md, "What CI checks"): the containers of the compose stack, started
 * from the images scripts/images/build-images.sh built. Not a project of the root jest config: it
 * needs those images, so scripts/images/build-and-run.sh runs it after building them.
 */
const swc = [
  '@swc/jest',
  {
    swcrc: false,
    // The entities of @fxrates/db, read through the ORM, are decorated.
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

// MikroORM and Kysely (under the entity reads) ship ES modules only: compiled as the root config
// compiles them.
const esm = require('../../scripts/jest-esm-packages.js')(swc[1]);

module.exports = {
  displayName: 'images',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.images.ts'],
  transform: { ...esm.transform, '^.+\\.ts$': swc },
  transformIgnorePatterns: esm.transformIgnorePatterns,
  resolver: esm.resolver,
  moduleNameMapper: {
    '^@fxrates/(domain|config|db|queues|rates|paypal|plans|testing)$': '<rootDir>/../../libs/$1/src/index.ts',
  },
  testEnvironment: 'node',
  testTimeout: 180_000,
};
