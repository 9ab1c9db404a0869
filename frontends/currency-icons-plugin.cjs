// Emits the currency pickers' icons as static files of the app that uses them (the shell, whose
// origin pages run on), so that no icon set is ever bundled into JavaScript:
//   /flags/<country>.svg        every fiat currency's flag, from the flag-icons package (4x3)
//   /crypto-icons/<code>.svg    every crypto asset's logo, from the @web3icons/core package (branded)
//   /metal-icons/<code>.svg     every metal's icon (XAU, XAG, XPT, XPD): our own, in frontends/metal-icons
//   /flags/generic.svg, /crypto-icons/generic.svg   the neutral icon of a currency without either
// The file names come from the catalogue (libs/domain), which lists only files these packages have.
const fs = require('node:fs');
const path = require('node:path');

const CATALOGUE = path.join(__dirname, '../libs/domain/src/catalogue-data.generated.ts');
const FLAGS = path.join(path.dirname(require.resolve('flag-icons/package.json')), 'flags/4x3');
// @web3icons/core exports no package.json: its main module sits in dist/, beside svgs/.
const TOKENS = path.join(path.dirname(require.resolve('@web3icons/core')), 'svgs/tokens/branded');
const TABLER = path.join(path.dirname(require.resolve('@tabler/icons/package.json')), 'icons/outline');
// No icon package draws the metals as such (only tokens such as PAXG): ours, one file per metal.
const METAL_ICONS = path.join(__dirname, 'metal-icons');

/** A flag-icons or tabler file as it is. */
function readSvg(file) {
  return fs.readFileSync(file, 'utf8');
}

/**
 * @web3icons/core ships each SVG as an ES module whose default export is one string literal
 * (`var BTC = '<svg …>'; export { BTC as default }`): read that literal without running the module.
 */
function readTokenSvg(code) {
  const file = path.join(TOKENS, `${code}.svg.js`);
  const literal = /=\s*'((?:[^'\\]|\\.)*)'/s.exec(fs.readFileSync(file, 'utf8'))?.[1];
  if (literal === undefined) throw new Error(`CurrencyIconsPlugin: no SVG string in ${file}`);
  const svg = JSON.parse(
    `"${literal.replace(/\\(.)|"/gs, (match, escaped) => {
      if (escaped === undefined) return '\\"';
      return escaped === "'" ? "'" : match;
    })}"`,
  );
  if (!svg.startsWith('<svg') || !svg.trimEnd().endsWith('</svg>')) {
    throw new Error(`CurrencyIconsPlugin: ${file} does not hold an SVG`);
  }
  return svg;
}

/** The neutral icons: a flag with no country on it, and a plain coin. */
const GENERIC = {
  'flags/generic.svg': () => readSvg(path.join(FLAGS, 'xx.svg')),
  'crypto-icons/generic.svg': () => readSvg(path.join(TABLER, 'coin.svg')),
};

function catalogueFiles(field) {
  const source = fs.readFileSync(CATALOGUE, 'utf8');
  return new Set(
    [...source.matchAll(new RegExp(`${field}: '([a-z0-9-]+)\\.svg'`, 'g'))].map((match) => match[1]),
  );
}

class CurrencyIconsPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('CurrencyIconsPlugin', (compilation) => {
      compilation.fileDependencies.add(CATALOGUE);
      compilation.contextDependencies.add(METAL_ICONS);
      compilation.hooks.processAssets.tap(
        { name: 'CurrencyIconsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const country of catalogueFiles('flagFile')) {
            compilation.emitAsset(
              `flags/${country}.svg`,
              new RawSource(readSvg(path.join(FLAGS, `${country}.svg`))),
            );
          }
          for (const code of catalogueFiles('iconFile')) {
            compilation.emitAsset(
              `crypto-icons/${code}.svg`,
              new RawSource(readTokenSvg(code.toUpperCase())),
            );
          }
          for (const file of fs.readdirSync(METAL_ICONS).filter((name) => name.endsWith('.svg'))) {
            compilation.emitAsset(
              `metal-icons/${file}`,
              new RawSource(readSvg(path.join(METAL_ICONS, file))),
            );
          }
          for (const [name, read] of Object.entries(GENERIC)) {
            compilation.emitAsset(name, new RawSource(read()));
          }
        },
      );
    });
  }
}

module.exports = { CurrencyIconsPlugin };
