const { createWebpackConfig } = require('../webpack.common');

module.exports = createWebpackConfig({
  name: 'dashboard',
  dir: __dirname,
  port: 3002,
  title: 'FXRates Pro — Dashboard',
  exposes: { './App': './src/App.tsx' },
});
