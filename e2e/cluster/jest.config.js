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

module.exports = {
  displayName: 'cluster',
  rootDir: __dirname,
  testMatch: ['<rootDir>/specs/**/*.cluster.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@fxrates/(domain|config|db|queues|rates|paypal|plans|testing)$': '<rootDir>/../../libs/$1/src/index.ts',
  },
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/specs/test-timeout.ts'],
  slowTestThreshold: 60,
};
