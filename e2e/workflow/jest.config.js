/**
 * The development workflow's commands, run as a developer runs them: `npm run dev` (watch and restart),
 * the Nest CLI's `nest build` / `nest start`, `npm run migration:create`. Referenced from the root
 * jest config as the "workflow" project; needs `npm run build:backend` first (scripts/test.sh builds).
 * Compiled and mapped as the cluster tests are.
 */
const cluster = require('../cluster/jest.config.js');

module.exports = {
  ...cluster,
  displayName: 'workflow',
  rootDir: __dirname,
  testMatch: ['<rootDir>/specs/**/*.workflow.ts'],
  moduleNameMapper: {
    '^@fxrates/(domain|config|db|queues|rates|paypal|plans)$': '<rootDir>/../../libs/$1/src/index.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/support/test-timeout.ts'],
  slowTestThreshold: 120,
};
