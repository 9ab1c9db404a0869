// Compiles the backend (services/api, services/worker and the server-side libs) with SWC into dist/,
// keeping the source layout and rewriting the @fxrates/<lib> aliases to relative paths. The cluster
// harness (e2e/cluster, not its specs) comes along, so plain node scripts such as the soak can use it.
// Type checking is `npm run typecheck`; this step only emits.
import { transformFile } from '@swc/core';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist');
const serverLibs = ['domain', 'config', 'db', 'queues', 'rates', 'paypal', 'plans'];
const sources = [
  'services/api/src',
  'services/worker/src',
  ...serverLibs.map((l) => `libs/${l}/src`),
  'e2e/cluster',
];
// The soak (e2e/cluster/soak) runs under plain node and needs these loopback stand-ins of outside services.
const testSupport = [
  'services/api/test/support/siteverify-stand-in.ts',
  'services/worker/test/support/smtp-sink.ts',
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

await rm(out, { recursive: true, force: true });
let count = 0;
for await (const file of files()) {
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
  await writeFile(target, `${code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
  if (map) await writeFile(`${target}.map`, map);
  count++;
}
console.log(`build-backend: ${count} files compiled into dist/`);
