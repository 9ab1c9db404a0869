// The Nest CLI's webpack build (`nest build api|worker`, nest-cli.json), adapted to this monorepo:
// - the libs (@fxrates/*) are bundled: their workspace links in node_modules point at TypeScript
//   sources, which Node cannot load, so they must not be left external like the other packages;
// - TypeScript is compiled by SWC with the options of scripts/build-backend.mjs (the CLI's default,
//   ts-loader, is not a dependency of ours; `npm run typecheck` checks types);
// - the bundle is <project>/dist/src/main.js (tsconfig.app.json's outDir, where `nest start` looks):
//   at the depth of its sources, so paths made from __dirname (the worker's bundled ECB history,
//   services/worker/data) and the packages only the project has (services/api/node_modules) resolve
//   as they do from src/.
const path = require('node:path');
const nodeExternals = require('webpack-node-externals');

/** Its require.resolve('@fastify/helmet') must name the installed file at run time, not a module of the bundle. */
const RESOLVES_AT_RUN_TIME = /services\/api\/src\/common\/security\/security-headers\.ts$/;

const swcLoader = (moduleType) => ({
  loader: 'swc-loader',
  options: {
    swcrc: false,
    sourceMaps: true,
    module: { type: moduleType },
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
  },
});

/** @param {import('webpack').Configuration} defaults the Nest CLI's configuration */
module.exports = (defaults) => ({
  ...defaults,
  devtool: 'source-map',
  output: {
    ...defaults.output,
    path: path.join(path.dirname(path.dirname(String(defaults.entry))), 'dist', 'src'),
    filename: 'main.js',
  },
  externals: [nodeExternals({ allowlist: [/^@fxrates\//] })],
  module: {
    rules: [
      { test: /\.ts$/, exclude: [/node_modules/, RESOLVES_AT_RUN_TIME], use: [swcLoader('commonjs')] },
      // An ES module whose leftover CommonJS (require.resolve) webpack leaves to Node.
      { test: RESOLVES_AT_RUN_TIME, use: [swcLoader('es6')], parser: { commonjs: false } },
    ],
  },
});
