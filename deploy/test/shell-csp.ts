/**
 * The shell as each deployment ships it: the /config.json its pages read and the
 * Content-Security-Policy its nginx sends them, both made by the image's own entrypoint
 * (deploy/nginx/docker-entrypoint.sh) from that deployment's environment, or, where the deployment
 * mounts /config.json (Kubernetes), that file. And the rule that the policy lets the page load
 * everything the config names.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { cspAllowsInline, cspAllowsUrl, serverCsp } from '../../scripts/page-csp.cjs';
import { named, ofKind, ROOT, type ComposeFile, type K8sObject } from './manifests';

export const ENTRYPOINT = path.join(ROOT, 'deploy/nginx/docker-entrypoint.sh');
export const TEMPLATE_DIR = path.join(ROOT, 'deploy/nginx/templates');
/** Where the image serves /config.json from (a Kubernetes ConfigMap is mounted there). */
const RUNTIME_DIR = '/usr/share/nginx/runtime';

/** The fields of /config.json that name where the page loads from (libs/web-kit's RuntimeConfig). */
export interface ShellConfig {
  apiBaseUrl: string;
  paypalSdkUrl?: string;
  remotes: Record<string, string>;
  [field: string]: unknown;
}

export interface ShippedShell {
  deployment: string;
  /** Where users open the shell. */
  pageUrl: string;
  /** CSP_EXTRA_SOURCES of the shell's container, for the messages. */
  extraSources: string;
  /** The Content-Security-Policy on its pages. */
  policy: string;
  config: ShellConfig;
}

/**
 * Runs the image's entrypoint (`true` as its command) with `env` and nothing else of this process's
 * environment: the nginx site it renders and the /config.json it writes.
 */
export function runShellEntrypoint(
  env: Record<string, string>,
  templateDir = TEMPLATE_DIR,
): { site: string; config: ShellConfig } {
  const dir = mkdtempSync(path.join(tmpdir(), 'fxrates-shell-'));
  try {
    const confDir = path.join(dir, 'conf.d');
    const runtimeDir = path.join(dir, 'runtime');
    mkdirSync(confDir);
    mkdirSync(runtimeDir);
    execFileSync('sh', [ENTRYPOINT, 'true'], {
      env: {
        PATH: process.env.PATH,
        ...env,
        TEMPLATE_DIR: templateDir,
        CONF_DIR: confDir,
        RUNTIME_DIR: runtimeDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const [site] = readdirSync(confDir).map((file) => readFileSync(path.join(confDir, file), 'utf8'));
    return { site, config: JSON.parse(readFileSync(path.join(runtimeDir, 'config.json'), 'utf8')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const asStrings = (env: Record<string, unknown> = {}) =>
  Object.fromEntries(Object.entries(env).map(([name, value]) => [name, String(value ?? '')]));

/** compose's `web` service: its environment through the entrypoint, opened at its published port. */
export function composeShell(compose: ComposeFile, templateDir = TEMPLATE_DIR): ShippedShell {
  const web = compose.services.web;
  const env = asStrings(web.environment);
  const published = ((web.ports as string[] | undefined) ?? []).find((port) => port.endsWith(':8080'));
  const hostPort = published?.split(':').at(-2);
  const { site, config } = runShellEntrypoint(env, templateDir);
  return {
    deployment: 'compose',
    pageUrl: `http://localhost:${hostPort}/`,
    extraSources: env.CSP_EXTRA_SOURCES ?? '',
    policy: serverCsp(site),
    config,
  };
}

/**
 * The `web` Deployment: its container's environment (envFrom ConfigMaps, then env) through the
 * entrypoint, the /config.json of the ConfigMap mounted where nginx serves it, opened at the
 * Ingress's host.
 */
export function k8sShell(objects: K8sObject[], templateDir = TEMPLATE_DIR): ShippedShell {
  const pod = named<IDeployment>(objects, 'Deployment', 'web').spec!.template.spec!;
  const container = pod.containers.find((c) => c.name === 'web')!;
  const configMapData = (name = '') => named<IConfigMap>(objects, 'ConfigMap', name).data ?? {};
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(env, configMapData(source.configMapRef.name));
  }
  for (const variable of container.env ?? []) {
    const ref = variable.valueFrom?.configMapKeyRef;
    env[variable.name] = ref ? (configMapData(ref.name)[ref.key] ?? '') : (variable.value ?? '');
  }
  const mount = container.volumeMounts?.find((m) => m.mountPath === RUNTIME_DIR);
  const volume = pod.volumes?.find((v) => v.name === mount?.name)?.configMap;
  if (!volume) throw new Error(`the web Deployment mounts no ConfigMap at ${RUNTIME_DIR}`);
  const key = volume.items?.find((item) => item.path === 'config.json')?.key ?? 'config.json';
  const config = JSON.parse(configMapData(volume.name)[key]) as ShellConfig;

  const ingress = ofKind<IIngress>(objects, 'Ingress')[0];
  const host = ingress.spec?.rules?.find((rule) => rule.host)?.host ?? 'localhost';
  const tls = ingress.spec?.tls?.some((entry) => entry.hosts?.includes(host));
  return {
    deployment: 'Kubernetes',
    pageUrl: `${tls ? 'https' : 'http'}://${host}/`,
    extraSources: env.CSP_EXTRA_SOURCES ?? '',
    policy: serverCsp(runShellEntrypoint(env, templateDir).site),
    config,
  };
}

/** A name the federation runtime gives a remote's lazily loaded chunk (publicPath 'auto'). */
const REMOTE_CHUNK = '__federation_expose_App.0123abcd.js';

/**
 * What the shell's pages load, by directive: their own files, /config.json, the API, each remote's
 * manifest, entry and chunks (resolved against the manifest, as publicPath 'auto' does), and the
 * PayPal SDK the config may name. A problem for each one the page's policy would block.
 */
export function shellLoadsUnderPageCsp(shell: ShippedShell): string[] {
  const { config, pageUrl, policy } = shell;
  const at = (url: string, base = pageUrl) => new URL(url, base).href;
  const api = config.apiBaseUrl.replace(/\/+$/, '');
  const loads: [directive: string, what: string, url: string][] = [
    ['script-src', 'the shell’s scripts', at('/main.js')],
    ['style-src', 'the shell’s stylesheet', at('/mantine.0123abcd.css')],
    ['img-src', 'the shell’s currency icons', at('/flags/gb.svg')],
    ['img-src', 'the favicon', 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E'],
    ['connect-src', '/config.json', at('/config.json')],
    ['connect-src', 'the API', at(`${api}/auth/refresh`)],
  ];
  for (const [remote, manifest] of Object.entries(config.remotes)) {
    loads.push(
      ['connect-src', `${remote}'s manifest`, at(manifest)],
      ['script-src', `${remote}'s remoteEntry.js`, at('remoteEntry.js', at(manifest))],
      ['script-src', `${remote}'s chunks`, at(REMOTE_CHUNK, at(manifest))],
    );
  }
  if (config.paypalSdkUrl) loads.push(['script-src', 'the PayPal SDK', at(config.paypalSdkUrl)]);

  const problems = loads
    .filter(([directive, , url]) => !cspAllowsUrl(policy, directive, url, pageUrl))
    .map(
      ([directive, what, url]) =>
        `${shell.deployment}: ${directive} blocks ${what} (${url}); CSP_EXTRA_SOURCES is "${shell.extraSources}"`,
    );
  // style-loader and Mantine inject <style> elements.
  if (!cspAllowsInline(policy, 'style-src')) {
    problems.push(`${shell.deployment}: style-src blocks the <style> elements Mantine injects`);
  }
  return problems;
}
