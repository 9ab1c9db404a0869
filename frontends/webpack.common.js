// Webpack configuration shared by the shell (host) and the remotes.
// Each app's webpack.config.js calls createWebpackConfig with its name, port and exposes.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedDependencies } = require('./mf-shared');
const { runtimeConfigFromEnv, portsFromEnv } = require('./runtime-config.cjs');
const { CurrencyIconsPlugin } = require('./currency-icons-plugin.cjs');

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
  return (_env, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const isProduction = mode === 'production';
    return {
      name: app.name,
      mode,
      context: app.dir,
      entry: './src/index.ts',
      devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(app.dir, 'dist'),
        // Remotes are loaded from another origin: 'auto' resolves chunks against the manifest URL.
        publicPath: isRemote ? 'auto' : '/',
        // Entry chunks keep stable names (like remoteEntry.js) and are served with no-cache;
        // the federation runtime cannot template a content hash into initial chunk names.
        filename: '[name].js',
        chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: `fxrates_${app.name}`,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'swc-loader', options: swcOptions },
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
        new ModuleFederationPlugin({
          name: app.name,
          filename: 'remoteEntry.js',
          exposes: app.exposes ?? {},
          // Remote URLs are registered at runtime from /config.json, never baked into the bundle.
          remotes: {},
          shared: sharedDependencies,
          manifest: true,
          // Type generation fetches across origins at build time; the frontends type-check with tsc instead.
          dts: false,
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html.ejs'),
          title: app.title,
          // Absolute script URLs so that deep links (/dashboard/...) load the bundle.
          publicPath: '/',
          // The host must not load its exposed entry chunk twice.
          chunks: ['main'],
        }),
        ...(app.servesCurrencyIcons ? [new CurrencyIconsPlugin()] : []),
      ],
      performance: { hints: false },
      optimization: { moduleIds: 'deterministic' },
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

module.exports = { createWebpackConfig };
