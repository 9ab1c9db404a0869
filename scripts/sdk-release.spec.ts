import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '..');
const run = promisify(execFile);
/** SWC and tsc over the SDK, twice: seconds, more on a busy 2-core machine. */
const BUILD_TIMEOUT_MS = 90_000;

interface Release {
  version: string;
  contentHash: string;
}

/** `node scripts/sdk-release.mjs` (in a process of its own: an ES module), printing the built SDK's release. */
async function builtRelease(): Promise<Release> {
  const { stdout } = await run(process.execPath, ['scripts/sdk-release.mjs'], { cwd: root });
  return JSON.parse(stdout) as Release;
}

/**
 * libs/sdk/release.json records the version of @fxrates/sdk and what its package holds. A change to the
 * package (a method, a generated type, a dependency) with the same version would give two different
 * packages one name; this fails until the version is bumped and the release recorded.
 */
describe('the @fxrates/sdk release record', () => {
  let built: Release;
  beforeAll(async () => {
    built = await builtRelease();
  }, BUILD_TIMEOUT_MS);

  it('names the version the package is built as, and what that package holds', async () => {
    const recorded = JSON.parse(await readFile(path.join(root, 'libs/sdk/release.json'), 'utf8')) as Release;
    const advice =
      recorded.version === built.version
        ? `The SDK's package changed since ${recorded.version} was recorded: bump the version in libs/sdk/package.json (semver), add its CHANGELOG.md entry, then run node scripts/sdk-release.mjs --record.`
        : `Version ${built.version} is not recorded: run node scripts/sdk-release.mjs --record.`;
    if (recorded.version !== built.version || recorded.contentHash !== built.contentHash)
      throw new Error(advice);
    expect(recorded).toEqual(built);
  });

  it('hashes what the package holds: a changed byte is another hash, the same files the same', async () => {
    const contentHash = async (dir: string) =>
      (
        await run(process.execPath, [
          '--input-type=module',
          '-e',
          `const { contentHash } = await import(${JSON.stringify(path.join(root, 'scripts/sdk-release.mjs'))});
           console.log(await contentHash(${JSON.stringify(dir)}));`,
        ])
      ).stdout.trim();
    const dir = await mkdtemp(path.join(tmpdir(), 'fxrates-sdk-hash-'));
    try {
      await writeFile(path.join(dir, 'index.js'), 'module.exports = 1;\n');
      const first = await contentHash(dir);
      expect(await contentHash(dir)).toBe(first);
      await writeFile(path.join(dir, 'index.js'), 'module.exports = 2;\n');
      expect(await contentHash(dir)).not.toBe(first);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
