const { createWebpackConfig } = require('../webpack.common');

module.exports = createWebpackConfig({
  name: 'billing',
  dir: __dirname,
  port: 3003,
  title: 'FXRates Pro — Billing',
  exposes: { './App': './src/App.tsx' },
});
