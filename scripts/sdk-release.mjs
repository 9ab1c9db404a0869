// The SDK's release record, libs/sdk/release.json: the version last released and a hash of what its
// package holds (every file of `npm run build:sdk`'s output, bundled dependencies included). A change to
// what the package holds is a new version: scripts/sdk-release.spec.ts fails while the built package
// differs from the record, until the version is bumped (libs/sdk/package.json, semver), the CHANGELOG
// says what changed, and the release is recorded:
//
//   node scripts/sdk-release.mjs --record     # builds the SDK, writes libs/sdk/release.json
//   node scripts/sdk-release.mjs              # builds it and prints { version, contentHash }
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
export const RELEASE_FILE = path.join(root, 'libs/sdk/release.json');

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** sha256 over every file of a built package: its path and its bytes, in path order. */
export async function contentHash(dir) {
  const paths = [];
  for await (const file of files(dir)) paths.push(path.relative(dir, file).split(path.sep).join('/'));
  paths.sort();
  const hash = createHash('sha256');
  for (const relative of paths) {
    hash.update(`${relative}\0`);
    hash.update(
      createHash('sha256')
        .update(await readFile(path.join(dir, relative)))
        .digest(),
    );
  }
  return `sha256-${hash.digest('hex')}`;
}

/** Builds the SDK as `npm run build:sdk` does, into a temporary folder; its version and content hash. */
export async function currentRelease() {
  const out = await mkdtemp(path.join(tmpdir(), 'fxrates-sdk-release-'));
  try {
    await promisify(execFile)(process.execPath, [path.join(root, 'scripts/build-sdk.mjs'), '--out', out]);
    const { version } = JSON.parse(await readFile(path.join(out, 'package.json'), 'utf8'));
    return { version, contentHash: await contentHash(out) };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename;
if (invokedDirectly) {
  const { values } = parseArgs({ options: { record: { type: 'boolean', default: false } } });
  const release = await currentRelease();
  if (values.record) {
    await writeFile(RELEASE_FILE, `${JSON.stringify(release, null, 2)}\n`);
    console.log(`sdk-release: recorded ${release.version} in ${path.relative(root, RELEASE_FILE)}`);
  } else console.log(JSON.stringify(release, null, 2));
}
