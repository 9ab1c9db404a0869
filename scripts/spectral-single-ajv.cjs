/**
 * Preloaded (`node -r`) into the Spectral CLI. Spectral needs ajv ≥ 8.18 while the workspace root pins
 * ajv 8.17.1, so npm gives each Spectral package its own nested ajv 8.20 and leaves the hoisted
 * ajv-errors on the root's copy. ajv-errors then builds code with another ajv's codegen classes and
 * Spectral dies compiling its own ruleset ("Error compiling schema … Unexpected token ':'",
 * stoplightio/spectral#2946). Sending every `ajv` import of Spectral and its ajv plugins to one copy
 * fixes it. Delete this file once the root's ajv satisfies Spectral's range (then npm dedupes).
 */
const Module = require('node:module');
const path = require('node:path');

const spectralAjv = path.dirname(
  require.resolve('ajv/package.json', { paths: [path.dirname(require.resolve('@stoplight/spectral-core'))] }),
);
const spectralOrPlugin = /[\\/]node_modules[\\/](@stoplight|ajv-errors|ajv-formats|ajv-draft-04)[\\/]/;
const resolve = Module._resolveFilename;

Module._resolveFilename = function resolveSpectralAjv(request, parent, ...rest) {
  const ajvImport = request === 'ajv' || request.startsWith('ajv/');
  if (ajvImport && spectralOrPlugin.test(parent?.filename ?? '')) {
    return resolve.call(this, spectralAjv + request.slice('ajv'.length), parent, ...rest);
  }
  return resolve.call(this, request, parent, ...rest);
};
