#!/usr/bin/env node
// The files /docs offers for download, written into the shell's build (the origin the docs page is on):
//
//   downloads/fxrates-sdk-<version>.tgz       @fxrates/sdk as `npm pack` makes it (scripts/build-sdk.mjs),
//                                             its dependencies bundled: `npm install <url>` needs no registry
//   downloads/fxrates-sdk-latest.tgz          the same bytes under a name that does not change
//   downloads/sdk.json                        { name, version, file, latest, integrity, size }: what the
//                                             docs page reads to show its install line
//   downloads/fxrates-postman-collection.json the Postman collection (v2.1) of the public API, made from
//                                             the API's OpenAPI document (scripts/postman-collection.mjs)
//   llms.txt, docs.md, llms-full.txt          the public API in Markdown for people and language models
//                                             (scripts/llms-docs.mjs), at the site's root
//
// scripts/build-frontends.mjs runs it after building the shell. The OpenAPI document comes from the
// built API without a database (dist/services/api/src/cli/openapi-document.js: `npm run build:backend`
// first, as `npm run build` does), or from a file with --openapi <file>.
//
//   node scripts/build-downloads.mjs [--out frontends/shell/dist] [--openapi openapi.json] [--base-url URL]
//
// --base-url (default http://localhost:3000, `npm start`'s web origin) is the collection's starting
// `baseUrl`; the docs page tells the reader to set it to the site's origin.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { postmanCollection } from './postman-collection.mjs';
import { llmsFiles } from './llms-docs.mjs';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const OPENAPI_CLI = path.join(root, 'dist/services/api/src/cli/openapi-document.js');

export const DOWNLOADS_DIR = 'downloads';
export const POSTMAN_FILE = 'fxrates-postman-collection.json';
export const SDK_LATEST_FILE = 'fxrates-sdk-latest.tgz';
export const SDK_MANIFEST_FILE = 'sdk.json';

async function openApiDocument(file) {
  if (file) return JSON.parse(await readFile(file, 'utf8'));
  if (!(await stat(OPENAPI_CLI).catch(() => null))) {
    throw new Error(
      `build-downloads: the Postman collection needs the API's OpenAPI document: run \`npm run build:backend\` first (no ${path.relative(root, OPENAPI_CLI)}), or pass --openapi <file>`,
    );
  }
  const { stdout } = await run(process.execPath, [OPENAPI_CLI], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout);
}

/** Builds and packs the SDK into `downloads`; its manifest. */
async function sdkTarball(downloads) {
  const staging = await mkdtemp(path.join(tmpdir(), 'fxrates-sdk-build-'));
  try {
    const { stdout } = await run(
      process.execPath,
      [path.join(root, 'scripts/build-sdk.mjs'), '--out', staging, '--pack', downloads],
      { cwd: root },
    );
    const tarball = stdout.trim().split('\n').at(-1);
    const bytes = await readFile(tarball);
    await copyFile(tarball, path.join(downloads, SDK_LATEST_FILE));
    const { name, version } = JSON.parse(await readFile(path.join(staging, 'package.json'), 'utf8'));
    return {
      name,
      version,
      file: path.basename(tarball),
      latest: SDK_LATEST_FILE,
      integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
      size: bytes.length,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export async function buildDownloads({ out, openapi, baseUrl = 'http://localhost:3000' }) {
  const downloads = path.join(out, DOWNLOADS_DIR);
  await rm(downloads, { recursive: true, force: true });
  await mkdir(downloads, { recursive: true });
  const document = openApiDocument(openapi);
  const [sdk, collection] = await Promise.all([
    sdkTarball(downloads),
    document.then((openApi) => postmanCollection(openApi, { baseUrl })),
  ]);
  await writeFile(path.join(downloads, SDK_MANIFEST_FILE), `${JSON.stringify(sdk, null, 2)}\n`);
  await writeFile(path.join(downloads, POSTMAN_FILE), `${JSON.stringify(collection, null, 2)}\n`);
  // /llms.txt, /docs.md and /llms-full.txt beside index.html (scripts/llms-docs.mjs).
  for (const [name, text] of Object.entries(llmsFiles(await document)))
    await writeFile(path.join(out, name), text);
  return { downloads, sdk };
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename;
if (invokedDirectly) {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, openapi: { type: 'string' }, 'base-url': { type: 'string' } },
  });
  buildDownloads({
    out: path.resolve(values.out ?? path.join(root, 'frontends/shell/dist')),
    openapi: values.openapi,
    baseUrl: values['base-url'],
  }).then(
    ({ downloads, sdk }) =>
      console.log(
        `build-downloads: ${path.relative(root, downloads) || downloads} (${sdk.file}, ${POSTMAN_FILE})`,
      ),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
