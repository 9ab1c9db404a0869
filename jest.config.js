/**
 * One jest run, five projects: unit (pure logic), api (HTTP e2e on real PostgreSQL + Redis), browser,
 * cluster (several API instances and workers behind a proxy) and workflow (npm run dev, the Nest CLI,
 * migration:create).
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        react: { runtime: 'automatic' },
      },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@fxrates/(domain|config|db|queues|rates|paypal|plans|testing|web-kit|sdk)$':
    '<rootDir>/libs/$1/src/index.ts',
  '^@fxrates/web-kit/forms$': '<rootDir>/libs/web-kit/src/forms/index.ts',
  '^@fxrates/web-kit/second-factor$': '<rootDir>/libs/web-kit/src/second-factor/index.ts',
  // Frontend code imports stylesheets for webpack; unit tests need none of them.
  '\\.css$': '<rootDir>/scripts/jest-style-stub.js',
};
const esm = require('./scripts/jest-esm-packages.js')(swc[1]);
const common = {
  rootDir: __dirname,
  transform: { ...esm.transform, '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: esm.transformIgnorePatterns,
  moduleNameMapper,
  resolver: esm.resolver,
  // The SDK's package build (npm run build:sdk) carries a package.json of the same name as the workspace.
  modulePathIgnorePatterns: ['<rootDir>/libs/sdk/dist/'],
  // Node's, with a global object whose lookups V8 caches (libs/testing/jest/fast-globals-environment.ts).
  testEnvironment: '<rootDir>/libs/testing/jest/fast-globals-environment.ts',
};

module.exports = {
  // Test files run side by side, each worker with a database and a Redis DB of its own
  // (services/api/test/support/worker-resources.ts). Much of a file's time is spent waiting on
  // processes, servers and timers: on two cores three workers left 15 % of the CPU idle and four
  // leave 8 % (docs/performance.md). JEST_MAX_WORKERS overrides.
  maxWorkers: Number(process.env.JEST_MAX_WORKERS ?? 4),
  // A file always runs in a worker process, never in jest's own: a file that exits the process or
  // leaks handles takes down only its worker, and a worker whose heap has grown past the limit after a
  // file is replaced, so memory (and GC pauses) stay flat. Setting the limit is what makes jest use a
  // worker even when it runs a single file (jest-core shouldRunInBand).
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/libs/*/src/**/*.spec.ts',
        // The jest environment the projects run in.
        '<rootDir>/libs/testing/jest/*.spec.ts',
        '<rootDir>/services/*/src/**/*.spec.ts',
        '<rootDir>/scripts/**/*.spec.ts',
        // The deployment files, checked offline (kubectl kustomize, schemas, linters).
        '<rootDir>/deploy/**/*.spec.ts',
        '<rootDir>/frontends/*/src/**/*.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'api',
      // The repositories' tests (libs/db/test) run here too: real PostgreSQL, migrated by the global setup.
      testMatch: ['<rootDir>/services/*/test/**/*.e2e-spec.ts', '<rootDir>/libs/*/test/**/*.e2e-spec.ts'],
      // A database and a Redis DB per jest worker (services/api/test/support/worker-resources.ts).
      testEnvironment: '<rootDir>/services/api/test/support/worker-environment.ts',
      setupFilesAfterEnv: ['<rootDir>/services/api/test/support/test-timeout.ts'],
      globalSetup: '<rootDir>/services/api/test/global-setup.ts',
      globalTeardown: '<rootDir>/services/api/test/global-teardown.ts',
    },
    '<rootDir>/e2e/jest.config.js',
    '<rootDir>/e2e/cluster/jest.config.js',
    '<rootDir>/e2e/workflow/jest.config.js',
  ],
};
