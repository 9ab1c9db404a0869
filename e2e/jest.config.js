/**
 * Browser end-to-end tests: the built product (API + the four frontends) driven in Chromium
 * through playwright-core. Referenced from the root jest config as the "browser" project.
 * Needs `npm run build` first; the harness says so when the build output is missing.
 */
const swc = [
  '@swc/jest',
  {
    swcrc: false,
    jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
    // Keep `import()` native: the harness imports scripts/serve-web.mjs, an ES module.
    module: { type: 'commonjs', ignoreDynamic: true },
  },
];

module.exports = {
  displayName: 'browser',
  rootDir: __dirname,
  testMatch: ['<rootDir>/specs/**/*.e2e.ts'],
  transform: { '^.+\\.ts$': swc },
  // Node's, telling usePagePerTest which test failed (support/browser-environment.ts).
  testEnvironment: '<rootDir>/support/browser-environment.ts',
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/support/test-timeout.ts'],
  testTimeout: 60_000,
  slowTestThreshold: 30,
};
