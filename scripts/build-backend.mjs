// Compiles the backend (services/api, services/worker and the server-side libs) with SWC into dist/,
// keeping the source layout and rewriting the @fxrates/<lib> aliases to relative paths. The cluster
// harness (e2e/cluster, not its specs) comes along, so plain node scripts such as the soak can use it.
// Type checking is `npm run typecheck`; this step only emits.
//
// --watch (npm run dev): no build, but every source file changed from now on is compiled again into
// dist/ at once; the processes running from dist/ under `node --watch` restart on it.
import { transformFile } from '@swc/core';
import { existsSync, watch } from 'node:fs';
import { cp, mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist');
const serverLibs = ['domain', 'config', 'db', 'queues', 'rates', 'paypal', 'plans'];
const sources = [
  'services/api/src',
  'services/worker/src',
  ...serverLibs.map((l) => `libs/${l}/src`),
  // Absent from the images' build context (.dockerignore drops e2e/): they need no harness.
  ...(existsSync(path.join(root, 'e2e/cluster')) ? ['e2e/cluster'] : []),
];
// The soak (e2e/cluster/soak) runs under plain node and needs these loopback stand-ins of outside services.
const testSupport = [
  'services/api/test/support/siteverify-stand-in.ts',
  'services/worker/test/support/smtp-sink.ts',
  // npm run bench -- --only history serves every currency's history from it.
  'libs/rates/testing/history-stand-in.ts',
  // The cluster harness (e2e/cluster, the soak) picks its processes' ports with it.
  'libs/testing/src/free-port.ts',
];
const paths = Object.fromEntries(serverLibs.map((l) => [`@fxrates/${l}`, [`libs/${l}/src/index.ts`]]));

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (
      /\.ts$/.test(entry.name) &&
      !/\.(spec|e2e-spec|test)\.ts$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
    )
      yield full;
  }
}

async function* files() {
  for (const src of sources) {
    for await (const file of walk(path.join(root, src))) {
      if (!file.includes(`${path.sep}test${path.sep}`) && !file.includes(`${path.sep}specs${path.sep}`))
        yield file;
    }
  }
  for (const file of testSupport) yield path.join(root, file);
}

/** Whether `file` (absolute) is compiled: TypeScript, no spec, no test folder. */
function compiled(file) {
  return (
    /\.ts$/.test(file) &&
    !/\.(spec|e2e-spec|test)\.ts$/.test(file) &&
    !file.endsWith('.d.ts') &&
    !file.includes(`${path.sep}test${path.sep}`) &&
    !file.includes(`${path.sep}specs${path.sep}`)
  );
}

async function compile(file) {
  const target = path.join(out, path.relative(root, file)).replace(/\.ts$/, '.js');
  const { code, map } = await transformFile(file, {
    swcrc: false,
    sourceMaps: true,
    module: { type: 'commonjs' },
    jsc: {
      target: 'es2022',
      baseUrl: root,
      paths,
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
  });
  await mkdir(path.dirname(target), { recursive: true });
  if (map) await writeFile(`${target}.map`, map);
  // The code last: a watcher restarting on it finds its map written.
  await writeFile(target, `${code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
}

if (process.argv.includes('--watch')) {
  watchSources();
} else {
  await buildAll();
}

function watchSources() {
  const pending = new Map();
  for (const src of sources) {
    watch(path.join(root, src), { recursive: true }, (_event, name) => {
      const file = path.join(root, src, String(name));
      if (!compiled(file)) return;
      // An editor's save is several events: compile once they have settled.
      clearTimeout(pending.get(file));
      pending.set(
        file,
        setTimeout(() => {
          pending.delete(file);
          if (!existsSync(file)) return;
          compile(file).then(
            () => console.log(`build-backend: compiled ${path.relative(root, file)}`),
            (error) => console.error(`build-backend: ${path.relative(root, file)}: ${error.message}`),
          );
        }, 100),
      );
    });
  }
  console.log(`build-backend: watching ${sources.join(', ')}`);
}

async function buildAll() {
  await rm(out, { recursive: true, force: true });
  let count = 0;
  for await (const file of files()) {
    await compile(file);
    count++;
  }
  // Data the compiled code reads beside itself (the bundled ECB history: services/worker/data/ecb).
  await cp(path.join(root, 'services/worker/data'), path.join(out, 'services/worker/data'), {
    recursive: true,
  });
  // A workspace's own node_modules (a version npm could not hoist, e.g. lru-cache 11 beside babel's 5)
  // is found from dist/ through a link at the same place.
  for (const workspace of ['services/api', 'services/worker', ...serverLibs.map((l) => `libs/${l}`)]) {
    if (!existsSync(path.join(root, workspace, 'node_modules'))) continue;
    await mkdir(path.join(out, workspace), { recursive: true });
    await symlink(
      path.join('..', '..', '..', workspace, 'node_modules'),
      path.join(out, workspace, 'node_modules'),
    );
  }
  console.log(`build-backend: ${count} files compiled into dist/`);
}
