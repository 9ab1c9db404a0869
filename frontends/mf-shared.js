// The one shared-dependency map of every FXRates Pro frontend (host and remotes).
// Each entry is a singleton so that React contexts (router, Mantine theme, runtime config)
// cross the remote boundary. Nothing is eager: every app starts through `import('./bootstrap')`.
//
// A shared module cannot be tree-shaken by webpack: it does not know what the other apps will
// import from it, so `@mantine/core`, `@mantine/hooks` and `react-router` would ship whole (about
// 260 KB gzipped, more than half of the landing page's JavaScript). All four apps are built
// together from this repository, so we do know: `sharedFacade` scans their sources for the names
// they import from such a package and shares a generated module that re-exports only those names
// (see docs/performance.md). The share key and version stay the package's own.
//
// Mantine is split once more: the components that the first page needs (those imported by files
// that the shell's bootstrap and the marketing app reach through static imports) stay under
// `@mantine/core`; the others are shared as MANTINE_EXTRAS, which only lazily loaded code (other
// pages, the dashboard and billing remotes) imports: frontends/mantine-imports-loader.cjs moves
// their imports there. Both modules come from the same build of the shell, so Mantine's internals
// (theme context, styles) exist once.
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');

/** Version of a package as installed in the workspace (read from disk: some packages hide package.json behind `exports`). */
function installedVersion(packageName) {
  const candidates = [
    path.join(repoRoot, 'node_modules', packageName, 'package.json'),
    path.join(repoRoot, 'libs', packageName.replace('@fxrates/', ''), 'package.json'),
  ];
  for (const candidate of candidates) {
    if (fs.existsSync(candidate)) return JSON.parse(fs.readFileSync(candidate, 'utf8')).version;
  }
  throw new Error(`Cannot find the installed version of ${packageName}`);
}

function singleton(packageName) {
  const version = installedVersion(packageName);
  return { singleton: true, requiredVersion: `^${version}`, version };
}

/** Every source file of the four apps and the shared web kit: who imports from a shared package. */
const APP_SOURCE_ROOTS = [
  'frontends/shell/src',
  'frontends/marketing/src',
  'frontends/dashboard/src',
  'frontends/billing/src',
  'libs/web-kit/src',
];

function listFiles(directory, pattern) {
  if (!fs.existsSync(directory)) return [];
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) return listFiles(entryPath, pattern);
    return pattern.test(entry.name) ? [entryPath] : [];
  });
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The value names that `files` import or re-export from `packageName`; null when one of them takes
 * the whole module (`import * as`, `export *`, a default import), which then has to be shared whole.
 */
function importedNames(packageName, files) {
  const from = `\\s+from\\s+['"]${escapeRegExp(packageName)}['"]`;
  const named = new RegExp(`(?:import|export)\\s+(type\\s+)?\\{([^}]*)\\}${from}`, 'g');
  const whole = new RegExp(
    `(?:import\\s+\\*\\s+as\\s+\\w+|export\\s+\\*(?:\\s+as\\s+\\w+)?|import\\s+\\w+\\s*,?[^;]*?)${from}`,
  );
  const names = new Set();
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    if (!source.includes(packageName)) continue;
    if (whole.test(source.replace(named, ''))) return null;
    for (const [, typeOnly, list] of source.matchAll(named)) {
      if (typeOnly) continue;
      for (const specifier of list.split(',')) {
        const [imported] = specifier.trim().split(/\s+as\s+/);
        if (imported && !imported.startsWith('type ')) names.add(imported.trim());
      }
    }
  }
  return [...names].sort();
}

const SOURCE_EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];

/**
 * The first page's code: files reached from these roots through static imports. Code behind an
 * `import()` is not: what it takes from Mantine goes to MANTINE_EXTRAS (the landing page's
 * currency pickers load Select this way).
 */
const FIRST_LOAD_ROOTS = [
  'frontends/shell/src/bootstrap.tsx',
  'frontends/marketing/src/App.tsx',
  'libs/web-kit/src/index.ts',
];
const WORKSPACE_LIBS = { '@fxrates/web-kit': 'libs/web-kit/src/index.ts' };

function staticallyReached(roots) {
  const seen = new Set();
  const queue = roots.map((root) => path.resolve(repoRoot, root));
  const staticImport = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [statement, request] of fs.readFileSync(file, 'utf8').matchAll(staticImport)) {
      if (/^\s*(?:import|export)\s+type\s/.test(statement)) continue;
      const target = WORKSPACE_LIBS[request]
        ? path.join(repoRoot, WORKSPACE_LIBS[request])
        : request.startsWith('.')
          ? SOURCE_EXTENSIONS.map((extension) => path.resolve(path.dirname(file), request) + extension).find(
              (candidate) => fs.existsSync(candidate),
            )
          : undefined;
      if (target) queue.push(target);
    }
  }
  return [...seen];
}

const FACADE_DIR = path.join(repoRoot, 'node_modules', '.cache', 'fxrates-shared-facades');

/**
 * The files of an ES package that the given exports of its entry need: the modules they come
 * from and every module those import, relatively, in turn.
 * @param {string} entry absolute path of the package's ES entry (e.g. @mantine/core/esm/index.mjs)
 * @param {string[] | null} names exports of the entry; null for all of them
 */
function modulesBehind(entry, names) {
  const reexports = /import\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g;
  const relative = /(?:import|export)[^"';]*?from\s*["'](\.[^"']+)["']|import\s*["'](\.[^"']+)["']/g;
  const wanted = names === null ? null : new Set(names);
  const start = [];
  for (const [, list, target] of fs.readFileSync(entry, 'utf8').matchAll(reexports)) {
    const imported = list.split(',').map((specifier) =>
      specifier
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    );
    if (wanted === null || imported.some((name) => wanted.has(name)))
      start.push(path.resolve(path.dirname(entry), target));
  }
  const seen = new Set();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    for (const [, from, bare] of fs.readFileSync(file, 'utf8').matchAll(relative)) {
      queue.push(path.resolve(path.dirname(file), from ?? bare));
    }
  }
  return [...seen];
}

/**
 * A shared singleton whose provided module re-exports only what the apps use from it.
 * @param {string} packageName
 * @param {string[]} [alsoScanned] files of other shared packages that import this one (the Mantine
 *   components the apps use call @mantine/hooks: its facade must carry what they call too)
 */
function sharedFacade(packageName, alsoScanned = [], only = undefined, facadeName = packageName) {
  const names = only === undefined ? importedNames(packageName, [...appFiles(), ...alsoScanned]) : only;
  if (names === null) return singleton(packageName);
  // A bare `packageName` would be consumed from the share scope again: the facade imports it under
  // an alias that webpack resolves to the package itself (see `unsharedAliases`).
  const facade = path.join(FACADE_DIR, `${facadeName.replace(/[@/]/g, '_')}.mjs`);
  const body =
    `// Generated by frontends/mf-shared.js: the exports of ${packageName} that the apps use.\n` +
    `export {\n${names.map((name) => `  ${name},\n`).join('')}} from ${JSON.stringify(unsharedRequest(packageName))};\n`;
  fs.mkdirSync(FACADE_DIR, { recursive: true });
  if (!fs.existsSync(facade) || fs.readFileSync(facade, 'utf8') !== body) fs.writeFileSync(facade, body);
  return { ...singleton(packageName), import: facade };
}

const UNSHARED_PREFIX = 'fxrates-unshared/';

function unsharedRequest(packageName) {
  return `${UNSHARED_PREFIX}${packageName}`;
}

const appFiles = () =>
  APP_SOURCE_ROOTS.flatMap((root) => listFiles(path.join(repoRoot, root), /\.(ts|tsx)$/));

/**
 * Mantine packages that an app uses and that are built on @mantine/core and @mantine/hooks: their
 * imports of those reach the shared facades too, so the facades must carry what they call, and
 * mantine-imports-loader.cjs routes their imports as it does the apps' (none is on the first page).
 */
const MANTINE_ADD_ONS = ['@mantine/charts', '@mantine/notifications'];

/** The folder of an installed package: hoisted, or inside the one workspace that uses it. */
function packageDir(packageName) {
  const candidates = [
    path.join(repoRoot, 'node_modules', packageName),
    ...APP_SOURCE_ROOTS.map((root) => path.join(repoRoot, path.dirname(root), 'node_modules', packageName)),
  ];
  const found = candidates.find((candidate) => fs.existsSync(path.join(candidate, 'package.json')));
  if (!found) throw new Error(`Cannot find the installed package ${packageName}`);
  return found;
}

/** The ES build folders of MANTINE_ADD_ONS (what webpack bundles). */
const mantineAddOnDirs = MANTINE_ADD_ONS.map((packageName) => path.join(packageDir(packageName), 'esm'));
const mantineAddOnFiles = mantineAddOnDirs.flatMap((dir) => listFiles(dir, /\.mjs$/));

const firstLoadCoreNames = importedNames('@mantine/core', staticallyReached(FIRST_LOAD_ROOTS));
const allCoreNames = importedNames('@mantine/core', [...appFiles(), ...mantineAddOnFiles]);

/** Share key of the Mantine components that the first page does not use. */
const MANTINE_EXTRAS = '@fxrates/mantine-core-extras';
/** Names moved to MANTINE_EXTRAS (empty when a file takes @mantine/core whole). */
const mantineExtraNames =
  firstLoadCoreNames && allCoreNames ? allCoreNames.filter((name) => !firstLoadCoreNames.includes(name)) : [];

const mantineCore = sharedFacade(
  '@mantine/core',
  [],
  firstLoadCoreNames && allCoreNames ? firstLoadCoreNames : null,
);
const mantineCoreModules = modulesBehind(
  path.join(repoRoot, 'node_modules/@mantine/core/esm/index.mjs'),
  allCoreNames,
);

/**
 * The hooks shared as @mantine/hooks: those the apps and the Mantine components they use call. It
 * is on the first page, so the few hooks that only MANTINE_ADD_ONS call are not in it: the loader
 * has them import those from the package itself (bundled with the page that uses them; the hooks
 * hold no context, so a second copy is harmless).
 */
const mantineHooksNames = importedNames('@mantine/hooks', [...appFiles(), ...mantineCoreModules]);

const sharedDependencies = {
  react: singleton('react'),
  'react/': singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/': singleton('react-dom'),
  'react-router': sharedFacade('react-router'),
  '@mantine/core': mantineCore,
  ...(mantineExtraNames.length > 0 && {
    [MANTINE_EXTRAS]: {
      ...sharedFacade('@mantine/core', [], mantineExtraNames, MANTINE_EXTRAS),
    },
  }),
  '@mantine/hooks': sharedFacade('@mantine/hooks', [], mantineHooksNames),
  // The shell's auth forms, the dashboard's forms and the contact form.
  '@mantine/form': sharedFacade('@mantine/form'),
  '@fxrates/web-kit': singleton('@fxrates/web-kit'),
  // Not for a context: the shell and the landing page both need the catalogue and texts, which
  // would otherwise be downloaded twice.
  '@fxrates/domain': singleton('@fxrates/domain'),
};

/** The names a generated facade module re-exports. */
function facadeExportNames(facadeFile) {
  const list = /export\s*\{([^}]*)\}/.exec(fs.readFileSync(facadeFile, 'utf8'))?.[1] ?? '';
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * What this build's facades share: share key → names. The shell compares a remote's
 * `sharedImports` (below) with its own: a remote built alone may import a name from react-router
 * or Mantine that the deployed shell's facade lacks, and would get `undefined` for it.
 */
function facadeExports() {
  return Object.fromEntries(
    Object.entries(sharedDependencies)
      .filter(([, config]) => config.import)
      .map(([key, config]) => [key, facadeExportNames(config.import)]),
  );
}

/**
 * The names one app's own sources import from each facade-shared package (what it takes from the
 * shell's facades at run time), @mantine/core split as mantine-imports-loader.cjs routes it.
 * Shared packages the app bundles none of its own code from (web-kit) are the shell's concern.
 * @param {string} appSourceDir e.g. frontends/marketing/src
 */
function sharedImportsOf(appSourceDir) {
  const files = listFiles(appSourceDir, /\.(ts|tsx)$/);
  const imports = {};
  for (const [key, config] of Object.entries(sharedDependencies)) {
    if (!config.import || key === MANTINE_EXTRAS) continue;
    const names = importedNames(key, files);
    if (!names || names.length === 0) continue;
    if (key !== '@mantine/core' || mantineExtraNames.length === 0) {
      imports[key] = names;
      continue;
    }
    const extras = names.filter((name) => mantineExtraNames.includes(name));
    const core = names.filter((name) => !mantineExtraNames.includes(name));
    if (core.length > 0) imports[key] = core;
    if (extras.length > 0) imports[MANTINE_EXTRAS] = extras;
  }
  return imports;
}

/** Resolve aliases that let the facades import the real packages (webpack's `resolve.alias`). */
const unsharedAliases = Object.fromEntries(
  Object.entries(sharedDependencies)
    .filter(([, config]) => config.import)
    .map(([packageName]) => [`${unsharedRequest(packageName)}$`, packageName]),
);

module.exports = {
  sharedDependencies,
  facadeExports,
  sharedImportsOf,
  unsharedAliases,
  importedNames,
  MANTINE_EXTRAS,
  mantineExtraNames,
  mantineAddOnDirs,
  mantineHooksNames,
  unsharedRequest,
  staticallyReached,
};
