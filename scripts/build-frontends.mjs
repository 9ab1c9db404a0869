#!/usr/bin/env node
// Builds the four frontends (shell host + marketing, dashboard, billing remotes) in production
// mode into frontends/<app>/dist. Type-checks first: a type error fails the build.
//
//   node scripts/build-frontends.mjs                 # all apps
//   node scripts/build-frontends.mjs shell marketing # a subset
//   node scripts/build-frontends.mjs --skip-typecheck
//   node scripts/build-frontends.mjs --typecheck-only
//   node scripts/build-frontends.mjs --watch         # npm run dev: development mode, rebuilt on every
//                                                    # change, no type check (npm run typecheck)
//
// A remote released on its own (deploy/README.md, "Remote-only release"): its build goes to
// <dir>/<app>/<version>/, the version being BUILD_VERSION or <package version>-<git sha>:
//
//   BUILD_VERSION=0.1.1 node scripts/build-frontends.mjs marketing --release-dir releases
//
// --declare <package>@<version> (repeatable) builds with another declared version of a shared
// package: what a remote built against other singletons looks like to the shell (which refuses it).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALL_APPS = ['shell', 'marketing', 'dashboard', 'billing'];

function log(message) {
  process.stdout.write(`[build-frontends] ${message}\n`);
}

const OPTIONS_WITH_VALUES = new Set(['--release-dir', '--declare']);

function parseArguments(argv) {
  const skipTypecheck = argv.includes('--skip-typecheck');
  const typecheckOnly = argv.includes('--typecheck-only');
  const watch = argv.includes('--watch');
  const apps = [];
  let releaseDir;
  const declaredVersions = {};
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (!OPTIONS_WITH_VALUES.has(argument)) {
      if (!argument.startsWith('--')) apps.push(argument);
      continue;
    }
    const value = argv[(index += 1)];
    if (!value) throw new Error(`${argument} needs a value`);
    if (argument === '--release-dir') releaseDir = path.resolve(value);
    else {
      const at = value.lastIndexOf('@');
      if (at <= 0) throw new Error(`--declare takes <package>@<version>, got "${value}"`);
      declaredVersions[value.slice(0, at)] = value.slice(at + 1);
    }
  }
  const unknown = apps.filter((app) => !ALL_APPS.includes(app));
  if (unknown.length > 0) {
    throw new Error(`Unknown app(s): ${unknown.join(', ')}. Choose from ${ALL_APPS.join(', ')}.`);
  }
  return {
    skipTypecheck: skipTypecheck || watch,
    typecheckOnly,
    watch,
    apps: apps.length > 0 ? apps : ALL_APPS,
    releaseDir,
    declaredVersions,
  };
}

function typecheck() {
  log('type-checking frontends/tsconfig.json ...');
  const started = Date.now();
  const tsc = require.resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'frontends/tsconfig.json', '--noEmit', '--pretty'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('type errors (see above)');
  log(`types OK (${seconds(started)})`);
}

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function outputPath(app, releaseDir) {
  if (!releaseDir) return path.join(repoRoot, 'frontends', app, 'dist');
  const { defaultBuildVersion } = require(path.join(repoRoot, 'frontends', 'webpack.common.js'));
  return path.join(releaseDir, app, defaultBuildVersion(path.join(repoRoot, 'frontends', app)));
}

function loadConfig(app, { releaseDir, declaredVersions, watch }) {
  const factory = require(path.join(repoRoot, 'frontends', app, 'webpack.config.js'));
  const mode = watch ? 'development' : 'production';
  return factory({ outputPath: outputPath(app, releaseDir), declaredVersions }, { mode });
}

function runWebpack(apps, options) {
  const webpack = require('webpack');
  const configs = apps.map((app) => loadConfig(app, options));
  const multiCompiler = webpack(configs);
  const started = Date.now();
  for (const compiler of multiCompiler.compilers) {
    compiler.hooks.beforeRun.tap('build-frontends', () => log(`${compiler.name}: compiling ...`));
    compiler.hooks.watchRun.tap('build-frontends', () => log(`${compiler.name}: compiling ...`));
    compiler.hooks.done.tap('build-frontends', (stats) => {
      const { errors = [], warnings = [] } = stats.toJson({ all: false, errors: true, warnings: true });
      const outcome = errors.length > 0 ? `FAILED with ${errors.length} error(s)` : 'done';
      log(
        `${compiler.name}: ${outcome} in ${((stats.endTime - stats.startTime) / 1000).toFixed(1)} s` +
          (warnings.length > 0 ? `, ${warnings.length} warning(s)` : ''),
      );
    });
  }
  if (options.watch) {
    // Runs until stopped; each round's outcome is logged by the done hooks above.
    multiCompiler.watch({ aggregateTimeout: 300 }, (error, multiStats) => {
      if (error) log(`watch failed: ${error.message}`);
      else if (multiStats?.hasErrors()) process.stdout.write(`${multiStats.toString('errors-only')}\n`);
    });
    log(`watching ${apps.join(', ')}`);
    return new Promise(() => {});
  }
  return new Promise((resolve, reject) => {
    multiCompiler.run((error, multiStats) => {
      multiCompiler.close((closeError) => {
        if (error || closeError) return reject(error ?? closeError);
        if (!multiStats) return reject(new Error('webpack returned no stats'));
        process.stdout.write(
          `${multiStats.toString({ preset: 'errors-warnings', colors: process.stdout.isTTY })}\n`,
        );
        if (multiStats.hasErrors()) return reject(new Error('webpack reported errors (see above)'));
        log(`built ${apps.join(', ')} in ${seconds(started)}`);
        return resolve();
      });
    });
  });
}

async function main() {
  const { skipTypecheck, typecheckOnly, watch, apps, releaseDir, declaredVersions } = parseArguments(
    process.argv.slice(2),
  );
  if (!skipTypecheck) typecheck();
  if (typecheckOnly) return;
  // The SDK tarball and the Postman collection the docs page links to, served by the shell's origin
  // (scripts/build-downloads.mjs). While watching: made once, next to what webpack rebuilds.
  const downloads = apps.includes('shell') && !releaseDir;
  const { buildDownloads } = downloads ? await import('./build-downloads.mjs') : {};
  if (downloads && watch) {
    buildDownloads({ out: outputPath('shell') }).catch((error) =>
      log(`downloads not built: ${error.message}`),
    );
  }
  await runWebpack(apps, { releaseDir, declaredVersions, watch });
  if (downloads) {
    const { sdk } = await buildDownloads({ out: outputPath('shell') });
    log(`downloads: ${sdk.file}, the Postman collection`);
  }
  for (const app of apps) log(`output: ${path.relative(process.cwd(), outputPath(app, releaseDir)) || '.'}`);
}

main().catch((error) => {
  process.stderr.write(`[build-frontends] build failed: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
});
