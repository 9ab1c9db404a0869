const { createWebpackConfig } = require('../webpack.common');

module.exports = createWebpackConfig({
  name: 'marketing',
  dir: __dirname,
  port: 3001,
  title: 'FXRates Pro — Marketing',
  exposes: { './App': './src/App.tsx' },
});
