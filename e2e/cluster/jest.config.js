/**
 * Tests on a cluster of the built product (two whole-API instances, a public-api instance, two
 * workers, a round-robin proxy; e2e/cluster/cluster.ts). Referenced from the root jest config as the
 * "cluster" project; needs `node scripts/build-backend.mjs` first (scripts/test.sh builds).
 */
const swc = [
  '@swc/jest',
  {
    swcrc: false,
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

// MikroORM and Kysely (under the factories and entity reads) ship ES modules only: compiled as the root
// config compiles them.
const esm = require('../../scripts/jest-esm-packages.js')(swc[1]);

module.exports = {
  displayName: 'cluster',
  rootDir: __dirname,
  testMatch: ['<rootDir>/specs/**/*.cluster.ts'],
  transform: { ...esm.transform, '^.+\\.ts$': swc },
  transformIgnorePatterns: esm.transformIgnorePatterns,
  resolver: esm.resolver,
  moduleNameMapper: {
    '^@fxrates/(domain|config|db|queues|rates|paypal|plans|testing)$': '<rootDir>/../../libs/$1/src/index.ts',
  },
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/specs/test-timeout.ts'],
  slowTestThreshold: 60,
};
