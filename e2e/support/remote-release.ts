import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, SERVE_WEB_SCRIPT } from './paths';

const BUILD_SCRIPT = path.join(REPO_ROOT, 'scripts', 'build-frontends.mjs');

/** The version a built app was published as (its release.json, written by the webpack build). */
export function builtVersion(app: string, distDir = path.join(REPO_ROOT, 'frontends', app, 'dist')): string {
  return (JSON.parse(fs.readFileSync(path.join(distDir, 'release.json'), 'utf8')) as { version: string })
    .version;
}

/**
 * A real webpack build of one remote, published as `<releasesDir>/<app>/<version>/` the way a team
 * releases it on its own (scripts/build-frontends.mjs --release-dir). Niced: the machine is shared.
 */
export function buildRemoteRelease(
  app: string,
  { releasesDir, version, declare = [] }: { releasesDir: string; version: string; declare?: string[] },
): Promise<string> {
  const args = [
    '-n',
    '10',
    process.execPath,
    BUILD_SCRIPT,
    app,
    '--skip-typecheck',
    '--release-dir',
    releasesDir,
    ...declare.flatMap((entry) => ['--declare', entry]),
  ];
  return new Promise((resolve, reject) => {
    let output = '';
    const build = spawn('nice', args, {
      cwd: REPO_ROOT,
      env: { ...process.env, BUILD_VERSION: version },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    build.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.once('error', reject);
    build.once('exit', (code) =>
      code === 0
        ? resolve(path.join(releasesDir, app, version))
        : reject(new Error(`building ${app} ${version} failed (${code}):\n${output.slice(-4000)}`)),
    );
  });
}

/** serve-web.mjs in a process of its own, reading /config.json from `configFile` and releases from `releasesDir`. */
export async function startWebProcess({
  apiUrl,
  configFile,
  releasesDir,
}: {
  apiUrl: string;
  configFile: string;
  releasesDir: string;
}): Promise<{ child: ChildProcess; urls: Record<'shell' | 'marketing' | 'dashboard' | 'billing', string> }> {
  const child = spawn(process.execPath, [SERVE_WEB_SCRIPT], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      WEB_HOST: '127.0.0.1',
      WEB_PORT: '0',
      MARKETING_PORT: '0',
      DASHBOARD_PORT: '0',
      BILLING_PORT: '0',
      API_URL: apiUrl,
      WEB_CONFIG_FILE: configFile,
      WEB_RELEASES_DIR: releasesDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const urls: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    let buffered = '';
    child.once('exit', (code) => reject(new Error(`serve-web exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (const [, app, url] of buffered.matchAll(/\[serve-web\] (\w+)\s+(http:\/\/\S+)/g))
        urls[app!] = url!;
      if (Object.keys(urls).length === 4) resolve();
    });
  });
  child.stdout!.resume();
  return { child, urls: urls as Record<'shell' | 'marketing' | 'dashboard' | 'billing', string> };
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Path → mtime of every file under the given folders: proof that nothing there was rebuilt. */
export function fileTimes(dirs: string[]): Record<string, number> {
  const times: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const entryPath = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(entryPath);
      else times[entryPath] = fs.statSync(entryPath).mtimeMs;
    }
  };
  for (const dir of dirs) walk(dir);
  return times;
}
