// Emits files from node_modules into an app's output unchanged, under content-hashed names that
// serve-web caches as immutable. Used for Mantine's stylesheet, linked from index.html.
const { createHash } = require('node:crypto');
const fs = require('node:fs');

/** `@mantine/core/styles.css`: its path and the hashed name it is served under. */
function hashedFile(source, baseName, extension) {
  const hash = createHash('sha256').update(fs.readFileSync(source)).digest('hex').slice(0, 8);
  return { source, fileName: `${baseName}.${hash}.${extension}` };
}

const mantineStylesheet = hashedFile(require.resolve('@mantine/core/styles.css'), 'mantine', 'css');

class StaticFilesPlugin {
  /** @param {Record<string, string>} files output name → absolute source path */
  constructor(files) {
    this.files = files;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('StaticFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StaticFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const [fileName, source] of Object.entries(this.files)) {
            compilation.fileDependencies.add(source);
            compilation.emitAsset(fileName, new RawSource(fs.readFileSync(source)));
          }
        },
      );
    });
  }
}

module.exports = { mantineStylesheet, StaticFilesPlugin };
