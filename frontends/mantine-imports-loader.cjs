// Webpack loader for the apps' TypeScript: imports of the Mantine components that the first page
// does not use are taken from the MANTINE_EXTRAS shared module instead of @mantine/core (see
// mf-shared.js). Only the import lines change; type-checking still sees @mantine/core.
const { MANTINE_EXTRAS, mantineExtraNames } = require('./mf-shared');

const EXTRAS = new Set(mantineExtraNames);
const MANTINE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])@mantine\/core\2\s*;?/g;

/** @param {string} source */
function moveExtraImports(source) {
  if (EXTRAS.size === 0 || !source.includes('@mantine/core')) return source;
  return source.replace(MANTINE_IMPORT, (statement, list) => {
    const specifiers = list
      .split(',')
      .map((specifier) => specifier.trim())
      .filter(Boolean);
    const isExtra = (specifier) =>
      !specifier.startsWith('type ') && EXTRAS.has(specifier.split(/\s+as\s+/)[0]);
    const extras = specifiers.filter(isExtra);
    if (extras.length === 0) return statement;
    const rest = specifiers.filter((specifier) => !isExtra(specifier));
    return [
      rest.length > 0 ? `import { ${rest.join(', ')} } from '@mantine/core';` : '',
      `import { ${extras.join(', ')} } from '${MANTINE_EXTRAS}';`,
    ].join(' ');
  });
}

module.exports = function mantineImportsLoader(source) {
  return moveExtraImports(source);
};
module.exports.moveExtraImports = moveExtraImports;
