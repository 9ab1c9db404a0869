// Webpack configuration shared by the shell (host) and the remotes.
// Each app's webpack.config.js calls createWebpackConfig with its name, port and exposes.
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { DefinePlugin } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const {
  sharedDependencies,
  unsharedAliases,
  mantineAddOnDirs,
  facadeExports,
  sharedImportsOf,
} = require('./mf-shared');
const { runtimeConfigFromEnv, portsFromEnv } = require('./runtime-config.cjs');
const { CurrencyIconsPlugin } = require('./currency-icons-plugin.cjs');
const { mantineStylesheet, StaticFilesPlugin } = require('./static-files-plugin.cjs');

// provideExternalRuntime adds this runtime plugin by its CommonJS path, which pulls in the CommonJS
// build of the federation runtime beside the ES build webpack's runtime uses (22 KB twice): its ES
// build imports the same copy.
const injectRuntimePlugin = require.resolve('@module-federation/inject-external-runtime-core-plugin');
const federationRuntimeAliases = { [injectRuntimePlugin]: injectRuntimePlugin.replace(/\.cjs$/, '.js') };

// The code a build's output depends on besides the sources: a change to any of them starts the
// persistent cache afresh (webpack follows what each of them requires).
const BUILD_CODE = [
  __filename,
  path.join(__dirname, 'mf-shared.js'),
  path.join(__dirname, 'mantine-imports-loader.cjs'),
  path.join(__dirname, 'currency-icons-plugin.cjs'),
  path.join(__dirname, 'static-files-plugin.cjs'),
  path.join(__dirname, 'runtime-config.cjs'),
];

const swcOptions = {
  // Ignore the repository's .swcrc (CommonJS output for Node): webpack needs ES modules and
  // real dynamic imports, which are the async boundaries Module Federation relies on.
  swcrc: false,
  module: { type: 'es6' },
  jsc: {
    target: 'es2020',
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
  },
  sourceMaps: true,
};

/**
 * The version a build is published under (/remotes/<name>/<version>/): BUILD_VERSION when set,
 * otherwise the app's package version and the repository's commit (`0.1.0-1a2b3c4`).
 */
function defaultBuildVersion(appDir) {
  if (process.env.BUILD_VERSION) return process.env.BUILD_VERSION;
  const { version } = require(path.join(appDir, 'package.json'));
  try {
    const sha = execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: appDir, encoding: 'utf8' });
    return `${version}-${sha.trim()}`;
  } catch {
    return version;
  }
}

/** Versions a build declares for its shared packages: the installed ones, or `declaredVersions` overrides. */
function declareSharedVersions(declaredVersions = {}) {
  return Object.fromEntries(
    Object.entries(sharedDependencies).map(([key, config]) => {
      const version = declaredVersions[key];
      return [key, version ? { ...config, version, requiredVersion: `^${version}` } : config];
    }),
  );
}

/** What the shell refuses a remote for: the version of each singleton it shares (checked in the browser). */
function sharedSingletonVersions(shared) {
  return Object.fromEntries(
    Object.entries(shared)
      .filter(([key, config]) => config.singleton && !key.endsWith('/'))
      .map(([key, config]) => [key, config.version]),
  );
}

/**
 * @param {object} app
 * @param {string} app.name federation name, also the folder name under frontends/
 * @param {string} app.dir absolute folder of the app
 * @param {number} app.port dev-server port
 * @param {string} app.title HTML title before the app sets its own
 * @param {Record<string, string>} [app.exposes] modules exposed to the host (remotes only)
 * @param {boolean} [app.servesCurrencyIcons] emit /flags/*.svg and /crypto-icons/*.svg (the host, whose origin pages run on)
 */
function createWebpackConfig(app) {
  const isRemote = Boolean(app.exposes);
  /**
   * @param {object} [env] webpack's env, or from scripts/build-frontends.mjs:
   * @param {string} [env.outputPath] where the build goes (default frontends/<app>/dist)
   * @param {string} [env.buildVersion] the version it is published under (default defaultBuildVersion)
   * @param {Record<string, string>} [env.declaredVersions] declare another version of a shared package
   *   (how a remote built against other singletons looks to the shell)
   */
  return (env = {}, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const isProduction = mode === 'production';
    const buildVersion = env.buildVersion || defaultBuildVersion(app.dir);
    const shared = declareSharedVersions(env.declaredVersions);
    return {
      name: app.name,
      mode,
      context: app.dir,
      entry: './src/index.ts',
      // Production maps are written for debugging but not referenced from the bundles: browsers never fetch them.
      devtool: isProduction ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: env.outputPath || path.join(app.dir, 'dist'),
        // Remotes are loaded from another origin: 'auto' resolves chunks against the manifest URL.
        publicPath: isRemote ? 'auto' : '/',
        // Entry chunks keep stable names (like remoteEntry.js) and are served with no-cache;
        // the federation runtime cannot template a content hash into initial chunk names.
        filename: '[name].js',
        chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: `fxrates_${app.name}`,
        // downloads/, llms.txt, llms-full.txt, docs.md (the shell's): written after the build by
        // scripts/build-downloads.mjs.
        clean: { keep: /^(downloads\/|llms\.txt$|llms-full\.txt$|docs\.md$)/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: { ...unsharedAliases, ...federationRuntimeAliases },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            // Loaders run last to first: Mantine imports are routed before SWC compiles.
            use: [
              { loader: 'swc-loader', options: swcOptions },
              { loader: path.join(__dirname, 'mantine-imports-loader.cjs') },
            ],
          },
          {
            // @mantine/charts and @mantine/notifications import @mantine/core too: the components
            // they use that the first page does not come from the same shared module as the apps'.
            test: /\.mjs$/,
            include: mantineAddOnDirs,
            use: [{ loader: path.join(__dirname, 'mantine-imports-loader.cjs') }],
          },
          {
            test: /\.css$/,
            use: [
              'style-loader',
              {
                loader: 'css-loader',
                options: {
                  sourceMap: !isProduction,
                  // *.module.css are CSS modules imported as a default `classes` object.
                  modules: {
                    auto: true,
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    localIdentName: isProduction ? '[hash:base64:8]' : '[name]__[local]',
                  },
                },
              },
            ],
          },
        ],
      },
      plugins: [
        new DefinePlugin({
          __FXRATES_BUILD_VERSION__: JSON.stringify(buildVersion),
          __FXRATES_SHARED_SINGLETONS__: JSON.stringify(sharedSingletonVersions(shared)),
          __FXRATES_SHARED_FACADES__: JSON.stringify(isRemote ? {} : facadeExports()),
        }),
        new ModuleFederationPlugin({
          name: app.name,
          filename: 'remoteEntry.js',
          exposes: app.exposes ?? {},
          // Remote URLs are registered at runtime from /config.json, never baked into the bundle.
          remotes: {},
          shared,
          // Shared modules come from what is loaded (the shell's), never by first asking every
          // registered remote for its versions: 'version-first' fetches every remote's entry
          // whenever a lazily loaded chunk needs a shared module, and a remote that is down then
          // breaks pages that do not use it. Also what keeps the facades the shell's own.
          shareStrategy: 'loaded-first',
          manifest: true,
          // Type generation fetches across origins at build time; the frontends type-check with tsc instead.
          dts: false,
          experiments: {
            // Browser-only runtime: leaves out the federation runtime's Node loaders (about a fifth of it).
            optimization: { target: 'web' },
            // One federation runtime per page, the shell's: a production remote uses it rather than
            // shipping its own copy in remoteEntry.js (20 KB gzipped). A remote runs standalone
            // only in development (`webpack serve`), where it keeps its own runtime.
            ...(isProduction && (isRemote ? { externalRuntime: true } : { provideExternalRuntime: true })),
          },
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html.ejs'),
          title: app.title,
          // Absolute script URLs so that deep links (/dashboard/...) load the bundle.
          publicPath: '/',
          // The host must not load its exposed entry chunk twice.
          chunks: ['main'],
          // Mantine's stylesheet as a file of its own, fetched in parallel with main.js rather than
          // carried inside the JavaScript as a string (42 KB gzipped).
          stylesheets: [`/${mantineStylesheet.fileName}`],
          // Only the host starts by reading /config.json: it is fetched while main.js downloads.
          preloadRuntimeConfig: !isRemote,
          // Which build this page is, for operators: in the page source, never in its visible text.
          buildVersion,
        }),
        new StaticFilesPlugin({ [mantineStylesheet.fileName]: mantineStylesheet.source }),
        // Which version this build is: scripts/serve-web.mjs and nginx publish it under /remotes/<name>/<version>/.
        // A remote's also says what it takes from the shell's facades (checked before it loads).
        new ReleaseInfoPlugin({
          name: app.name,
          version: buildVersion,
          ...(isRemote && { sharedImports: sharedImportsOf(path.join(app.dir, 'src')) }),
        }),
        ...(app.servesCurrencyIcons ? [new CurrencyIconsPlugin()] : []),
      ],
      // Production builds keep what they compiled and minified in node_modules/.cache/webpack: the
      // next build (one change, or the same remote released under another version) redoes only
      // what changed. Development keeps webpack's memory cache (watch mode is incremental already).
      cache: isProduction
        ? { type: 'filesystem', name: `${app.name}-${mode}`, buildDependencies: { config: BUILD_CODE } }
        : { type: 'memory' },
      performance: { hints: false },
      optimization: {
        moduleIds: 'deterministic',
        // SWC's minifier, from the compiler the loaders already use, instead of Terser's: the
        // bundles come out within a percent of the same size in a fraction of the time
        // (docs/performance.md, "Frontend builds").
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })],
      },
      devServer: createDevServer(app, isRemote),
    };
  };
}

function createDevServer(app, isRemote) {
  const env = process.env;
  return {
    port: app.port,
    host: env.WEB_HOST || 'localhost',
    historyApiFallback: true,
    hot: false,
    liveReload: true,
    headers: isRemote ? { 'Access-Control-Allow-Origin': '*' } : {},
    client: { overlay: { errors: true, warnings: false } },
    proxy: [{ context: ['/api'], target: env.API_URL || 'http://127.0.0.1:4000', changeOrigin: false }],
    setupMiddlewares(middlewares) {
      // Each app also runs standalone; it reads the same runtime config as in production.
      middlewares.unshift({
        name: 'runtime-config',
        path: '/config.json',
        middleware: (_req, res) => {
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(JSON.stringify(runtimeConfigFromEnv(env, portsFromEnv(env))));
        },
      });
      return middlewares;
    },
  };
}

/** Emits release.json: `{ "name", "version", "sharedImports"? }` of the build. */
class ReleaseInfoPlugin {
  constructor(release) {
    this.release = release;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ReleaseInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ReleaseInfoPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset('release.json', new RawSource(`${JSON.stringify(this.release)}\n`)),
      );
    });
  }
}

module.exports = { createWebpackConfig, defaultBuildVersion };
