/**
 * Browser end-to-end tests: the built product (API + the four frontends) driven in Chromium
 * through playwright-core. Referenced from the root jest config as the "browser" project.
 * Needs `npm run build` first; the harness says so when the build output is missing.
 */
const swc = [
  '@swc/jest',
  {
    swcrc: false,
    // The entities of @fxrates/db, which the test factories (@fxrates/testing) write, are decorated.
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
    // Keep `import()` native: the harness imports scripts/serve-web.mjs, an ES module.
    module: { type: 'commonjs', ignoreDynamic: true },
  },
];

// MikroORM and Kysely (under the factories and entity reads) ship ES modules only: compiled as the root
// config compiles them, `import()` included.
const esm = require('../scripts/jest-esm-packages.js')({ ...swc[1], module: { type: 'commonjs' } });

module.exports = {
  displayName: 'browser',
  rootDir: __dirname,
  testMatch: ['<rootDir>/specs/**/*.e2e.ts'],
  transform: { ...esm.transform, '^.+\\.ts$': swc },
  transformIgnorePatterns: esm.transformIgnorePatterns,
  resolver: esm.resolver,
  moduleNameMapper: {
    '^@fxrates/(domain|config|db|queues|rates|paypal|plans|testing)$': '<rootDir>/../libs/$1/src/index.ts',
  },
  // Node's, telling usePagePerTest which test failed (support/browser-environment.ts).
  testEnvironment: '<rootDir>/support/browser-environment.ts',
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/support/test-timeout.ts'],
  testTimeout: 60_000,
  slowTestThreshold: 30,
};
