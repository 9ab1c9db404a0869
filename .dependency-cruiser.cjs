/**
 * The import boundaries of the monorepo, checked by `npm run lint:deps` (part of `npm run lint`, so
 * of `npm run check` and CI). scripts/dependency-rules.spec.ts proves each rule fires on a file that
 * breaks it.
 *
 * Services and frontends build on libs; nothing builds on a service, so a service can be deployed,
 * rewritten or split without touching anyone else. Tests are code too: a service's own specs live
 * inside it, and the browser and cluster tests (e2e/) start the built services as processes.
 *
 * .dependency-cruiser-known-violations.json lists violations tolerated for now. It is empty, and
 * stays so: anything new fails at once.
 */
const SERVICE_SRC = '^services/[^/]+/src/';
const APP_SRC = '^frontends/[^/]+/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules that import each other cannot be understood, tested or moved one at a time. Type-only ' +
        'imports count: they tie the two files together just the same.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'service-not-into-another-service',
      severity: 'error',
      comment:
        'A service shares code with another only through a lib. (A service’s e2e specs may start ' +
        'another service through its test harness: the worker’s specs observe its effects through the API.)',
      from: { path: '^services/([^/]+)/src/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'lib-not-into-service-or-frontend',
      severity: 'error',
      comment: 'Libs are the bottom layer: services and frontends depend on them, never the other way.',
      from: { path: '^libs/' },
      to: { path: '^(services|frontends)/' },
    },
    {
      name: 'frontend-not-into-service',
      severity: 'error',
      comment: 'Frontends talk to services over HTTP; shared types live in libs/domain.',
      from: { path: '^frontends/' },
      to: { path: '^services/' },
    },
    {
      name: 'frontend-not-into-sdk',
      severity: 'error',
      comment:
        'The web app calls its own API through libs/web-kit; @fxrates/sdk is for API-key holders, and ' +
        'the /docs page shows it as text only, so it never weighs on the bundle. Specs may use it to ' +
        'check what the page says about it.',
      from: { path: '^frontends/', pathNot: '\\.spec\\.tsx?$' },
      to: { path: '^libs/sdk/' },
    },
    {
      name: 'sdk-runs-in-browsers',
      severity: 'error',
      comment:
        '@fxrates/sdk runs wherever fetch does (Node 20+ and browsers): no Node built-in in its code, ' +
        'only in its specs.',
      from: { path: '^libs/sdk/src/', pathNot: '\\.spec\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'frontend-app-not-into-another-app',
      severity: 'error',
      comment:
        'The shell and each remote are deployed on their own and meet only at run time through Module ' +
        'Federation; code they share goes through libs/web-kit.',
      from: { path: '^frontends/([^/]+)/' },
      to: { path: APP_SRC, pathNot: '^frontends/$1/' },
    },
    {
      name: 'tooling-not-into-service-src',
      severity: 'error',
      comment:
        'Browser, cluster and script code drives the built services as processes (dist/) and may borrow ' +
        'their test stand-ins (services/*/test/support), never their source.',
      from: { path: '^(e2e|scripts)/' },
      to: { path: SERVICE_SRC },
    },
    /*
     * A feature module of the API is reached from outside only through its entry,
     * modules/<x>/index.ts, so a module's inside can change without touching its users. Lower-level
     * pieces many modules share (the live rates table, query parsing) are modules or common/ folders of their own.
     */
    {
      name: 'feature-module-through-entry',
      severity: 'error',
      comment: 'Another module reaches modules/<x>/ only through modules/<x>/index.ts.',
      from: { path: '^services/api/src/modules/([^/]+)/' },
      to: {
        path: '^services/api/src/modules/[^/]+/',
        pathNot: ['^services/api/src/modules/$1/', '^services/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'feature-module-through-entry-from-app',
      severity: 'error',
      comment:
        'The app’s own files (app.module, main, openapi) reach modules/<x>/ only through its index.ts ' +
        '(common/ does not reach them at all, see common-not-into-feature-module).',
      from: { path: '^services/api/src/', pathNot: '^services/api/src/(modules|common)/' },
      to: {
        path: '^services/api/src/modules/[^/]+/',
        pathNot: '^services/api/src/modules/[^/]+/index\\.ts$',
      },
    },
    /*
     * services/api/src/common/ holds what every feature shares, in folders by concern (http, errors,
     * input, openapi, security, metrics, caching, resilience). Each is reached through its index.ts
     * like a module, so the files inside can be split or renamed without touching their users; and
     * common/ stays below the features, so a shared piece never drags one in.
     */
    {
      name: 'common-folder-through-entry',
      severity: 'error',
      comment:
        'The API’s code and its tests reach common/<concern>/ only through common/<concern>/index.ts; ' +
        'common/ itself holds only those folders.',
      from: { path: '^services/api/(src|test)/', pathNot: '^services/api/src/common/' },
      to: { path: '^services/api/src/common/', pathNot: '^services/api/src/common/[^/]+/index\\.ts$' },
    },
    {
      name: 'common-folder-through-entry-within-common',
      severity: 'error',
      comment: 'One folder of common/ reaches another only through its index.ts.',
      from: { path: '^services/api/src/common/([^/]+)/' },
      to: {
        path: '^services/api/src/common/',
        pathNot: ['^services/api/src/common/$1/', '^services/api/src/common/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'common-not-into-feature-module',
      severity: 'error',
      comment:
        'common/ is below every feature module: what a shared piece needs of a feature is passed to it, ' +
        'or the piece belongs to that feature.',
      from: { path: '^services/api/src/common/' },
      to: { path: '^services/api/src/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|artifacts|@mf-types|\\.tmp)/' },
    // Type-only imports are edges too (see no-circular).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
  },
};
