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
export async function buildRemoteRelease(
  app: string,
  { releasesDir, version, declare = [] }: { releasesDir: string; version: string; declare?: string[] },
): Promise<string> {
  await run(
    [
      process.execPath,
      BUILD_SCRIPT,
      app,
      '--skip-typecheck',
      '--release-dir',
      releasesDir,
      ...declare.flatMap((entry) => ['--declare', entry]),
    ],
    { BUILD_VERSION: version },
    `building ${app} ${version}`,
  );
  return path.join(releasesDir, app, version);
}

/**
 * A real webpack build of a changed copy of one remote's sources (`edit` rewrites its src/App.tsx),
 * published like buildRemoteRelease. The copy sits beside the original (frontends/.e2e-copy-*, so
 * that its packages resolve) and is removed afterwards.
 */
export async function buildEditedRemoteRelease(
  app: string,
  {
    releasesDir,
    version,
    edit,
  }: { releasesDir: string; version: string; edit: (appSource: string) => string },
): Promise<string> {
  const original = path.join(REPO_ROOT, 'frontends', app);
  const copy = path.join(REPO_ROOT, 'frontends', `.e2e-copy-${app}-${version}`);
  const output = path.join(releasesDir, app, version);
  try {
    fs.cpSync(original, copy, {
      recursive: true,
      filter: (source) => !/[/\\](node_modules|dist)$/.test(source),
    });
    if (fs.existsSync(path.join(original, 'node_modules')))
      fs.symlinkSync(path.join(original, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    const appFile = path.join(copy, 'src', 'App.tsx');
    fs.writeFileSync(appFile, edit(fs.readFileSync(appFile, 'utf8')));
    await run(
      [
        process.execPath,
        path.join(REPO_ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js'),
        '--config',
        path.join(copy, 'webpack.config.js'),
        '--mode',
        'production',
        '--env',
        `outputPath=${output}`,
      ],
      { BUILD_VERSION: version },
      `building an edited ${app} ${version}`,
    );
    return output;
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

/** Runs a command niced (the machine is shared), rejecting with its output's tail when it fails. */
function run(command: string[], env: NodeJS.ProcessEnv, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn('nice', ['-n', '10', ...command], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (${code}):\n${output.slice(-4000)}`)),
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
