const { createWebpackConfig } = require('../webpack.common');

module.exports = createWebpackConfig({
  name: 'shell',
  dir: __dirname,
  port: 3000,
  title: 'FXRates Pro',
  servesCurrencyIcons: true,
});
