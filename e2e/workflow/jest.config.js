/**
 * The development workflow's commands, run as a developer runs them: `npm run dev` (watch and restart),
 * the Nest CLI's `nest build` / `nest start`, `npm run migration:create`. Referenced from the root
 * jest config as the "workflow" project; needs `npm run build:backend` first (scripts/test.sh builds).
 * Compiled and mapped as the cluster tests are.
 */
const cluster = require('../cluster/jest.config.js');
// The workflow specs reach the database through @fxrates/db, hence MikroORM 7 (ES modules only).
const esm = require('../../scripts/jest-esm-packages.js')(cluster.transform['^.+\\.ts$'][1]);

module.exports = {
  ...cluster,
  displayName: 'workflow',
  rootDir: __dirname,
  testMatch: ['<rootDir>/specs/**/*.workflow.ts'],
  transform: { ...esm.transform, ...cluster.transform },
  transformIgnorePatterns: esm.transformIgnorePatterns,
  resolver: esm.resolver,
  moduleNameMapper: {
    '^@fxrates/(domain|config|db|queues|rates|paypal|plans|testing)$': '<rootDir>/../../libs/$1/src/index.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/support/test-timeout.ts'],
  slowTestThreshold: 120,
};
