// `npm run build:sdk`: @fxrates/sdk as a package anyone can install, in libs/sdk/dist (or --out <dir>):
// CommonJS compiled by SWC (Node 22.12+, and every bundler for browsers), the same as ES modules in
// esm/ (for `import`), declarations by tsc against the DOM library without Node's types (which also
// proves the SDK needs nothing of Node), its README and CHANGELOG, and a publish-ready package.json
// pointing at them (`exports` for import and require, `files`, `publishConfig`). Its dependencies are
// bundled (bundleDependencies, copied from the repository's node_modules): the tarball installs with
// no registry, from the URL the docs give. Inside the monorepo the workspace is used as TypeScript source.
//
// --pack <dir> also writes `npm pack`'s tarball there: fxrates-sdk-<version>.tgz (its file name on stdout,
// last line). The version is libs/sdk/package.json's, which must be semver with a CHANGELOG.md entry.
import { transformFile } from '@swc/core';
import { execFile } from 'node:child_process';
import { copyFile, cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const sdk = path.join(root, 'libs/sdk');
const { values } = parseArgs({ options: { out: { type: 'string' }, pack: { type: 'string' } } });
const out = path.resolve(values.out ?? path.join(sdk, 'dist'));

async function* sources(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) yield full;
  }
}

/** `from './client'` / `import('./x')`: a relative specifier without an extension. */
const RELATIVE_IMPORT = /(\bfrom\s*|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]*?)(?<!\.js)\2/g;

/** Semantic Versioning 2.0.0's own pattern (semver.org). */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

const workspace = JSON.parse(await readFile(path.join(sdk, 'package.json'), 'utf8'));
if (!SEMVER.test(workspace.version)) throw new Error(`build-sdk: version ${workspace.version} is not semver`);
const changelog = await readFile(path.join(sdk, 'CHANGELOG.md'), 'utf8');
if (
  !changelog
    .split('\n')
    .some((line) => line.startsWith(`## ${workspace.version} `) || line === `## ${workspace.version}`)
)
  throw new Error(`build-sdk: libs/sdk/CHANGELOG.md has no "## ${workspace.version}" entry`);

await rm(out, { recursive: true, force: true });
for await (const file of sources(path.join(sdk, 'src'))) {
  const relative = path.relative(path.join(sdk, 'src'), file).replace(/\.ts$/, '.js');
  const builds = [
    [path.join(out, relative), { type: 'commonjs' }],
    [path.join(out, 'esm', relative), { type: 'es6' }],
  ];
  for (const [target, module] of builds) {
    const { code } = await transformFile(file, {
      swcrc: false,
      module,
      jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
    });
    await mkdir(path.dirname(target), { recursive: true });
    // Relative imports get their `.js` in the ES modules, as Node's ES module loader needs.
    await writeFile(target, module.type === 'es6' ? code.replace(RELATIVE_IMPORT, '$1$2$3.js$2') : code);
  }
}
await writeFile(path.join(out, 'esm/package.json'), `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
await promisify(execFile)(
  process.execPath,
  [
    path.join(root, 'node_modules/typescript/bin/tsc'),
    '-p',
    path.join(sdk, 'tsconfig.build.json'),
    '--outDir',
    out,
  ],
  { cwd: root },
);

/** The packages the SDK needs at run time, its own dependencies and theirs, as installed here. */
async function runtimePackages(names, seen = new Set()) {
  for (const name of names) {
    if (seen.has(name)) continue;
    seen.add(name);
    const installed = JSON.parse(
      await readFile(path.join(root, 'node_modules', name, 'package.json'), 'utf8'),
    );
    await runtimePackages(Object.keys(installed.dependencies ?? {}), seen);
  }
  return seen;
}
for (const name of await runtimePackages(Object.keys(workspace.dependencies))) {
  await cp(path.join(root, 'node_modules', name), path.join(out, 'node_modules', name), {
    recursive: true,
    dereference: true,
    filter: (source) => !source.slice(path.join(root, 'node_modules', name).length).includes('node_modules'),
  });
}

const manifest = {
  name: workspace.name,
  version: workspace.version,
  description: workspace.description,
  keywords: ['fxrates', 'exchange-rates', 'currency', 'forex', 'crypto', 'openapi', 'sdk'],
  license: 'UNLICENSED',
  author: 'FXRates Pro',
  homepage: 'https://fxrates.example/docs',
  repository: {
    type: 'git',
    url: 'git+https://github.com/fxrates-pro/fxrates-pro.git',
    directory: 'libs/sdk',
  },
  bugs: { url: 'https://github.com/fxrates-pro/fxrates-pro/issues' },
  main: 'index.js',
  module: 'esm/index.js',
  types: 'index.d.ts',
  exports: {
    '.': { types: './index.d.ts', import: './esm/index.js', require: './index.js' },
    './package.json': './package.json',
  },
  files: ['*.js', '*.d.ts', 'generated/', 'esm/', 'CHANGELOG.md'],
  sideEffects: false,
  engines: { node: '>=22.12' },
  dependencies: workspace.dependencies,
  bundleDependencies: Object.keys(workspace.dependencies),
  publishConfig: { access: 'public', registry: 'https://registry.npmjs.org/' },
};
await writeFile(path.join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
await copyFile(path.join(sdk, 'README.md'), path.join(out, 'README.md'));
await copyFile(path.join(sdk, 'CHANGELOG.md'), path.join(out, 'CHANGELOG.md'));
console.log(`build-sdk: ${path.relative(root, out) || out}`);

if (values.pack) {
  const destination = path.resolve(values.pack);
  await mkdir(destination, { recursive: true });
  const { stdout } = await promisify(execFile)(
    'npm',
    ['pack', out, '--pack-destination', destination, '--json', '--ignore-scripts'],
    { cwd: out, env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' } },
  );
  const [{ filename }] = JSON.parse(stdout);
  console.log(path.join(destination, filename));
}
