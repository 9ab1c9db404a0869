// Compiles an ES-module-only package (jest.config.js lists them) to CommonJS with SWC, as the
// project's own files are. SWC leaves `import.meta` as it is, which CommonJS cannot parse
// (react-router 8 reads `import.meta.hot`): it becomes what a module run by Node without a bundler
// sees, its `url` and nothing more.
const { createTransformer } = require('@swc/jest');

const IMPORT_META = '({ url: require("node:url").pathToFileURL(__filename).href })';
const withoutImportMeta = (src) => src.replace(/\bimport\.meta\b/g, IMPORT_META);

module.exports = {
  createTransformer(swcOptions) {
    const swc = createTransformer(swcOptions);
    return {
      ...swc,
      process: (src, filename, jestOptions) => swc.process(withoutImportMeta(src), filename, jestOptions),
      processAsync: (src, filename, jestOptions) =>
        swc.processAsync(withoutImportMeta(src), filename, jestOptions),
      getCacheKey: (src, filename, ...rest) => swc.getCacheKey(withoutImportMeta(src), filename, ...rest),
    };
  },
};
