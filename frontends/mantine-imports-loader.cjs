// Webpack loader for the apps' TypeScript and the ES files of MANTINE_ADD_ONS: imports of the Mantine
// components that the first page does not use are taken from the MANTINE_EXTRAS shared module
// instead of @mantine/core (see mf-shared.js). Only the import lines change; type-checking still
// sees @mantine/core.
const path = require('node:path');
const {
  MANTINE_EXTRAS,
  mantineExtraNames,
  mantineAddOnDirs,
  mantineHooksNames,
  unsharedRequest,
} = require('./mf-shared');

const EXTRAS = new Set(mantineExtraNames);
const SHARED_HOOKS = mantineHooksNames === null ? null : new Set(mantineHooksNames);
const UNSHARED_HOOKS = unsharedRequest('@mantine/hooks');

/** Import statements from `packageName`: the statement and its list of specifiers. */
const importsFrom = (packageName) =>
  new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*(['"])${packageName.replace('/', '\\/')}\\2\\s*;?`, 'g');

/**
 * Splits each `import { … } from packageName` into the names `moved` picks, imported from `target`,
 * and the rest, still from packageName.
 */
function splitImports(source, packageName, moved, target) {
  if (!source.includes(packageName)) return source;
  return source.replace(importsFrom(packageName), (statement, list) => {
    const specifiers = list
      .split(',')
      .map((specifier) => specifier.trim())
      .filter(Boolean);
    const isMoved = (specifier) => !specifier.startsWith('type ') && moved(specifier.split(/\s+as\s+/)[0]);
    const picked = specifiers.filter(isMoved);
    if (picked.length === 0) return statement;
    const rest = specifiers.filter((specifier) => !isMoved(specifier));
    return [
      rest.length > 0 ? `import { ${rest.join(', ')} } from '${packageName}';` : '',
      `import { ${picked.join(', ')} } from '${target}';`,
    ].join(' ');
  });
}

/** @param {string} source */
function moveExtraImports(source) {
  if (EXTRAS.size === 0) return source;
  return splitImports(source, '@mantine/core', (name) => EXTRAS.has(name), MANTINE_EXTRAS);
}

/**
 * The hooks that only MANTINE_ADD_ONS call are not in the shared @mantine/hooks (the first page
 * loads it): they come from the package itself, bundled with the add-on.
 * @param {string} source
 */
function moveUnsharedHooks(source) {
  if (SHARED_HOOKS === null) return source;
  return splitImports(source, '@mantine/hooks', (name) => !SHARED_HOOKS.has(name), UNSHARED_HOOKS);
}

const isAddOnFile = (file) => mantineAddOnDirs.some((dir) => file.startsWith(dir + path.sep));

module.exports = function mantineImportsLoader(source) {
  const moved = moveExtraImports(source);
  return isAddOnFile(this.resourcePath) ? moveUnsharedHooks(moved) : moved;
};
module.exports.moveExtraImports = moveExtraImports;
module.exports.moveUnsharedHooks = moveUnsharedHooks;
