// Emits the icon of every crypto asset in the catalogue as /crypto-icons/<file>.svg of the app
// that uses it (the shell, whose origin pages run on), straight from the cryptocurrency-icons package.
const fs = require('node:fs');
const path = require('node:path');

const CATALOGUE = path.join(__dirname, '../libs/domain/src/catalogue-data.generated.ts');
const ICONS = path.join(path.dirname(require.resolve('cryptocurrency-icons/manifest.json')), 'svg/color');

class CryptoIconsPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('CryptoIconsPlugin', (compilation) => {
      compilation.fileDependencies.add(CATALOGUE);
      compilation.hooks.processAssets.tap(
        { name: 'CryptoIconsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const files = new Set(
            [...fs.readFileSync(CATALOGUE, 'utf8').matchAll(/iconFile: '([a-z0-9-]+\.svg)'/g)].map(
              (m) => m[1],
            ),
          );
          for (const file of files) {
            compilation.emitAsset(
              `crypto-icons/${file}`,
              new RawSource(fs.readFileSync(path.join(ICONS, file))),
            );
          }
        },
      );
    });
  }
}

module.exports = { CryptoIconsPlugin };
