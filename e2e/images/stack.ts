/**
 * The compose stack (docker-compose.yml) started with podman on this machine, from the images that
 * scripts/images/build-images.sh built: each service with the file's own environment, hardening,
 * tmpfs mounts, published ports and stop grace, overriding only where the machine differs: the
 * shared PostgreSQL and Redis (our own database and Redis db/prefix), free ports instead of fixed
 * ones, a loopback SMTP sink instead of Mailpit, and the secrets in a folder as secrets-init writes
 * them. The backend containers use the host's network (PostgreSQL and Redis listen on loopback);
 * the nginx containers each get their own (they all listen on 8080) with compose's port mapping.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCompose, parseEnvFile, read, type ComposeService } from '../../deploy/test/manifests';
import { LIMITS, RUN_LABEL, podman } from './podman';

export const REMOTES = ['marketing', 'dashboard', 'billing'] as const;
export type Remote = (typeof REMOTES)[number];

export interface StackPorts {
  web: number;
  marketing: number;
  dashboard: number;
  billing: number;
  api: number;
  apiPublic: number;
  workerHealth: number;
  smtp: number;
}

export interface StackSettings {
  ports: StackPorts;
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  /** Tag of the api, worker and shell images. */
  imageTag: string;
  /** The release of each remote: its image tag and the version the shell loads. */
  versions: Record<Remote, string>;
  secretsDir: string;
}

/** A container to start: its name, image, `podman run` options and command. */
export interface ContainerPlan {
  name: string;
  image: string;
  options: string[];
  command: string[];
  /** compose's stop_grace_period in seconds (compose's default: 10). */
  graceSeconds: number;
  /** compose's healthcheck command, to run inside the container. */
  healthcheck?: string[];
}

/** The compose file as `docker compose config` reads it with .env.example as the .env, and our ports. */
export function composeFor(settings: StackSettings) {
  const { ports, versions, imageTag } = settings;
  return loadCompose({
    ...parseEnvFile(read('.env.example')),
    IMAGE_TAG: imageTag,
    WEB_URL: `http://localhost:${ports.web}`,
    WEB_HOST_PORT: String(ports.web),
    MARKETING_HOST_PORT: String(ports.marketing),
    DASHBOARD_HOST_PORT: String(ports.dashboard),
    BILLING_HOST_PORT: String(ports.billing),
    MARKETING_VERSION: versions.marketing,
    DASHBOARD_VERSION: versions.dashboard,
    BILLING_VERSION: versions.billing,
  });
}

/** Writes the two secrets as compose's secrets-init does: 48 random bytes, base64, readable by all. */
export function writeSecrets(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fxrates-images-secrets-'));
  fs.chmodSync(dir, 0o755);
  for (const name of ['jwt_secret', 'api_key_hash_secret']) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, randomBytes(48).toString('base64'));
    fs.chmodSync(file, 0o444);
  }
  return dir;
}

const seconds = (duration: unknown) => {
  const match = /^(\d+)s$/.exec(String(duration ?? ''));
  return match ? Number(match[1]) : 10;
};

function envOptions(environment: Record<string, unknown>): string[] {
  return Object.entries(environment).flatMap(([key, value]) => ['-e', `${key}=${value ?? ''}`]);
}

/** compose's per-service options that podman run takes as they are. */
function serviceOptions(service: ComposeService, secretsDir: string): string[] {
  const options: string[] = [];
  // podman adds writable tmpfs on /tmp, /run and /var/tmp to a read-only root unless told not to;
  // Docker does not, so the test would hide a missing tmpfs in compose.
  if (service.read_only === true) options.push('--read-only', '--read-only-tmpfs=false');
  for (const capability of (service.cap_drop as string[] | undefined) ?? [])
    options.push('--cap-drop', capability);
  for (const option of (service.security_opt as string[] | undefined) ?? [])
    options.push('--security-opt', option.replace(/^no-new-privileges:true$/, 'no-new-privileges'));
  for (const mount of (service.tmpfs as string[] | undefined) ?? []) options.push('--tmpfs', mount);
  for (const volume of (service.volumes as string[] | undefined) ?? []) {
    const [source, target, mode] = volume.split(':');
    if (source !== 'fxrates-secrets') throw new Error(`no stand-in for the volume ${source}`);
    options.push('-v', `${secretsDir}:${target}:${mode ?? 'rw'}`);
  }
  return options;
}

const healthcheckOf = (service: ComposeService): string[] | undefined => {
  const test = (service.healthcheck as { test?: string[] } | undefined)?.test;
  if (!test) return undefined;
  if (test[0] === 'CMD') return test.slice(1);
  if (test[0] === 'CMD-SHELL') return ['sh', '-c', test[1]];
  throw new Error(`healthcheck ${test.join(' ')} not understood`);
};

const commandOf = (service: ComposeService) => (service.command as string[] | undefined) ?? [];

/** The backend services of compose, on the host's network. */
export function backendPlan(
  settings: StackSettings,
  name: 'migrate' | 'api' | 'api-public' | 'worker',
): ContainerPlan {
  const compose = composeFor(settings);
  // api-public is not a compose service: Kubernetes runs the api image with API_ROUTES=public-api
  // (deploy/k8s/api-public.yaml), and so does this check, with compose's api settings.
  const service = compose.services[name === 'api-public' ? 'api' : name];
  const { ports } = settings;
  const environment = {
    ...service.environment,
    DATABASE_URL: settings.databaseUrl,
    REDIS_URL: settings.redisUrl,
    REDIS_KEY_PREFIX: settings.redisKeyPrefix,
    CORS_ORIGINS: `http://localhost:${ports.web},http://127.0.0.1:${ports.web}`,
    API_PORT: String(name === 'api-public' ? ports.apiPublic : ports.api),
    WORKER_HEALTH_PORT: String(ports.workerHealth),
    ...(name === 'api-public' ? { API_ROUTES: 'public-api' } : {}),
    ...(name === 'worker' ? { SMTP_URL: `smtp://127.0.0.1:${ports.smtp}` } : {}),
  };
  const healthcheck = healthcheckOf(service)?.map((part) =>
    part
      .replace('127.0.0.1:4000', `127.0.0.1:${environment.API_PORT}`)
      .replace('127.0.0.1:4001', `127.0.0.1:${ports.workerHealth}`),
  );
  return {
    name,
    image: service.image as string,
    options: [
      '--network',
      'host',
      ...serviceOptions(service, settings.secretsDir),
      ...envOptions(environment),
    ],
    command: commandOf(service),
    graceSeconds: seconds(service.stop_grace_period),
    healthcheck,
  };
}

/** The shell and the remotes: each its own network namespace, ports published as compose says. */
export function webPlan(settings: StackSettings, name: 'web' | Remote): ContainerPlan {
  const service = composeFor(settings).services[name];
  const environment =
    name === 'web'
      ? // nginx reaches the API on the host's network through the host's address.
        { ...service.environment, API_URL: `http://host.containers.internal:${settings.ports.api}` }
      : (service.environment ?? {});
  const publish = ((service.ports as string[] | undefined) ?? []).flatMap((port) => ['-p', port]);
  return {
    name,
    image: service.image as string,
    options: [...publish, ...serviceOptions(service, settings.secretsDir), ...envOptions(environment)],
    command: commandOf(service),
    graceSeconds: seconds(service.stop_grace_period),
    healthcheck: healthcheckOf(service),
  };
}

export const containerName = (name: string) => `fximg-${name}`;

/** Starts the container (detached); answers its name. */
export async function start(plan: ContainerPlan): Promise<string> {
  const name = containerName(plan.name);
  await podman(['rm', '-f', '--ignore', name]);
  await podman([
    'run',
    '-d',
    '--name',
    name,
    '--label',
    RUN_LABEL,
    '--stop-timeout',
    String(plan.graceSeconds),
    ...LIMITS,
    ...plan.options,
    plan.image,
    ...plan.command,
  ]);
  return name;
}
