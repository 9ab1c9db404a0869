// `npm run build:sdk`: @fxrates/sdk as a package anyone can install, in libs/sdk/dist (or --out <dir>):
// CommonJS compiled by SWC (Node 22.12+, and every bundler for browsers), declarations by tsc against the
// DOM library without Node's types (which also proves the SDK needs nothing of Node), its README, and
// a package.json pointing at them. Inside the monorepo the workspace is used as TypeScript source.
import { transformFile } from '@swc/core';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const sdk = path.join(root, 'libs/sdk');
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = path.resolve(values.out ?? path.join(sdk, 'dist'));

async function* sources(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) yield full;
  }
}

await rm(out, { recursive: true, force: true });
for await (const file of sources(path.join(sdk, 'src'))) {
  const target = path.join(out, path.relative(path.join(sdk, 'src'), file)).replace(/\.ts$/, '.js');
  const { code } = await transformFile(file, {
    swcrc: false,
    module: { type: 'commonjs' },
    jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
  });
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, code);
}
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
const workspace = JSON.parse(await readFile(path.join(sdk, 'package.json'), 'utf8'));
const manifest = {
  name: workspace.name,
  version: workspace.version,
  description: workspace.description,
  license: 'UNLICENSED',
  main: 'index.js',
  types: 'index.d.ts',
  sideEffects: false,
  engines: { node: '>=22.12' },
  dependencies: workspace.dependencies,
};
await writeFile(path.join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
await copyFile(path.join(sdk, 'README.md'), path.join(out, 'README.md'));
console.log(`build-sdk: ${path.relative(root, out) || out}`);
