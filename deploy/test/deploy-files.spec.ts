/**
 * The deployment files, checked as CI can without a cluster or Docker:
 * `kubectl kustomize deploy/k8s` rendered and every object validated against the Kubernetes
 * schemas kubernetes-models ships, docker-compose.yml against the Compose schema, both Dockerfiles
 * linted, and one rendered-manifest check per rule of deploy/README.md, each also run on a copy
 * broken on purpose so that it is seen to fail.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENV_SCHEMA, loadConfig } from '@fxrates/config';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job, type IJob } from 'kubernetes-models/batch/v1/Job';
import { Ingress, type IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy, type INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap, type IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret, type ISecret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { parse, stringify } from 'yaml';
import { declaredPublicRoutes } from '../../services/api/src/modules/public-api/public-api.routes';
import {
  K8S_DIR,
  loadCompose,
  named,
  ofKind,
  parseEnvFile,
  parseYamlDocuments,
  read,
  renderKustomization,
  type K8sObject,
} from './manifests';
import {
  apiAnswersCarryTheirHeaders,
  composeValidator,
  composeRunsFrontendsApart,
  everyDeploymentHasPdb,
  frontendsDeployedApart,
  hpasOwnReplicas,
  lintDockerfile,
  migrateJobCarriesRelease,
  networkPoliciesAllowOnlyNeeded,
  nginxProxiesToApi,
  prometheusScrapesWithCredentials,
  publicApiAllowList,
  secretCompletesConfigMap,
  shellConfigNamesRemoteVersions,
  webAppRoutesReachApi,
  type PrometheusConfig,
} from './rules';

/** The validating model of each kind the manifests may hold (a new kind must be added here). */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

function schemaProblems(objects: K8sObject[]): string[] {
  return objects.flatMap((object) => {
    const Model = MODELS[`${object.apiVersion}/${object.kind}`];
    if (!Model) return [`${object.apiVersion} ${object.kind}: no schema known`];
    try {
      new Model(object as never).validate();
      return [];
    } catch (error) {
      return [`${object.kind}/${object.metadata.name}: ${(error as Error).message}`];
    }
  });
}

/** A deep copy to break on purpose. */
const copy = <T>(value: T): T => structuredClone(value);

const objects = renderKustomization();
const kustomization = parse(read('deploy/k8s/kustomization.yaml')) as {
  images: { name: string; newName?: string; newTag?: string }[];
};
const apiTag = kustomization.images.find((image) => image.name === 'fxrates-pro/api')?.newTag ?? '';
const envExample = parseEnvFile(read('.env.example'));
const compose = loadCompose(envExample);
const secretExample = parseYamlDocuments(read('deploy/k8s/secret.example.yaml'));
const routePaths = declaredPublicRoutes().map((route) => route.path);

describe('deploy/k8s rendered by kubectl kustomize', () => {
  it('renders every kind the deployment needs, each object valid against the Kubernetes schemas', () => {
    expect(new Set(objects.map((o) => o.kind))).toEqual(
      new Set(
        Object.keys(MODELS)
          .map((key) => key.split('/').pop())
          .filter((kind) => kind !== 'Secret'),
      ),
    );
    expect(schemaProblems(objects)).toEqual([]);
    expect(schemaProblems(secretExample)).toEqual([]);
  });

  it('the schema check refuses a malformed object', () => {
    const broken = copy(objects);
    named<{ spec: { minReplicas: unknown } }>(broken, 'HorizontalPodAutoscaler', 'api').spec.minReplicas =
      'two';
    named<{ spec: { rules: unknown } }>(broken, 'Ingress', 'fxrates').spec.rules = {};
    expect(schemaProblems(broken)).toEqual([
      expect.stringMatching(/^HorizontalPodAutoscaler\/api: .*minReplicas must be integer/),
      expect.stringMatching(/^Ingress\/fxrates: .*rules must be array/),
    ]);
    expect(schemaProblems([{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' } }])).toEqual([
      'v1 Pod: no schema known',
    ]);
  });
});

describe('point 1: the shell and each remote ship on their own', () => {
  it('each runs its own image in its own Deployment, Service and NetworkPolicy, reached through the Ingress', () => {
    expect(frontendsDeployedApart(objects)).toEqual([]);
  });

  it('fails when a remote shares an image or a Service, or the Ingress does not reach it', () => {
    const sharedImage = copy(objects);
    named<IDeployment>(sharedImage, 'Deployment', 'web-billing').spec!.template.spec!.containers[0].image =
      'fxrates-pro/shell:0.1.0';
    expect(frontendsDeployedApart(sharedImage)).toEqual([
      'Deployment web-billing runs fxrates-pro/shell, not fxrates-pro/billing',
    ]);
    const noRoute = copy(objects);
    const rules = named<IIngress>(noRoute, 'Ingress', 'fxrates').spec!.rules![0].http!;
    rules.paths = rules.paths.filter((p) => p.path !== '/remotes/dashboard');
    expect(frontendsDeployedApart(noRoute)).toEqual([
      'the Ingress sends /remotes/dashboard/1.2.3/mf-manifest.json to web, not web-dashboard',
    ]);
    const noService = objects.filter((o) => !(o.kind === 'Service' && o.metadata.name === 'web-marketing'));
    expect(frontendsDeployedApart(noService)).toEqual(['marketing is behind Services []']);
  });

  it('the shell’s /config.json is a mounted ConfigMap naming the version each remote image publishes', () => {
    expect(shellConfigNamesRemoteVersions(objects)).toEqual([]);
  });

  it('fails when a version does not match its image, a value drifts, or the file is mounted by subPath', () => {
    const broken = copy(objects);
    const config = named<IConfigMap>(broken, 'ConfigMap', 'fxrates-shell-config');
    const json = JSON.parse(config.data!['config.json']);
    json.remotes.marketing = '/remotes/marketing/mf-manifest.json';
    json.productName = 'Other Rates';
    config.data!['config.json'] = JSON.stringify(json);
    const mount = named<IDeployment>(
      broken,
      'Deployment',
      'web',
    ).spec!.template.spec!.containers[0].volumeMounts!.find((m) => m.name === 'runtime-config')!;
    mount.subPath = 'config.json';
    const tag = kustomization.images.find((image) => image.name === 'fxrates-pro/marketing')?.newTag;
    expect(shellConfigNamesRemoteVersions(broken)).toEqual([
      `config.json loads marketing from /remotes/marketing/mf-manifest.json, not /remotes/marketing/${tag}/mf-manifest.json`,
      "config.json's productName (Other Rates) is not fxrates-config's PRODUCT_NAME",
      'fxrates-shell-config is mounted at /usr/share/nginx/runtime with a subPath',
    ]);
  });

  it('compose runs each frontend as a service of its own image, the shell naming versioned remotes', () => {
    expect(composeRunsFrontendsApart(compose)).toEqual([]);
    const broken = copy(compose);
    delete broken.services.billing;
    broken.services.web!.environment!.PUBLIC_DASHBOARD_URL = 'http://localhost:8082/mf-manifest.json';
    expect(composeRunsFrontendsApart(broken)).toEqual([
      'the shell loads dashboard from "http://localhost:8082/mf-manifest.json", not a versioned path',
      'no compose service billing for billing',
    ]);
  });
});

describe('point 4: the web app reaches api, api-public serves its allow-list', () => {
  it('sends /api/v1/contact and /api/v1/subscriptions to api, through the Ingress and through nginx', () => {
    expect(routePaths.length).toBeGreaterThanOrEqual(9);
    expect(webAppRoutesReachApi(objects)).toEqual([]);
    expect(nginxProxiesToApi(read('deploy/nginx/templates/fxrates.conf.template'), objects, compose)).toEqual(
      [],
    );
  });

  it('sends api-public exactly the routes of the public API table, every other /api/v1 path elsewhere', () => {
    expect(publicApiAllowList(objects, routePaths)).toEqual([]);
  });

  it('fails when a web app route or an unlisted path reaches api-public', () => {
    const broken = copy(objects);
    const paths = named<IIngress>(broken, 'Ingress', 'fxrates').spec!.rules![0].http!.paths;
    paths.find((p) => p.path === '/api/v1/contact')!.backend.service!.name = 'api-public';
    paths.push({
      path: '/api/v1',
      pathType: 'Prefix',
      backend: { service: { name: 'api-public', port: { name: 'http' } } },
    });
    expect(webAppRoutesReachApi(broken)).toEqual(['Ingress sends /api/v1/contact to api-public, not api']);
    expect(publicApiAllowList(broken, routePaths)).toEqual(
      expect.arrayContaining([
        'Ingress sends "Prefix /api/v1/contact" to api-public, not a route of its table',
        'Ingress sends /api/v1/keys to api-public',
      ]),
    );
    expect(publicApiAllowList(objects, [...routePaths, '/api/v1/rates/new'])).toEqual([
      'Ingress lacks "Exact /api/v1/rates/new" → api-public',
      'Ingress sends /api/v1/rates/new to api, not api-public',
    ]);
    const template = read('deploy/nginx/templates/fxrates.conf.template').replace(
      'proxy_pass http://fxrates_api;',
      'proxy_pass http://api-public:4000;',
    );
    expect(nginxProxiesToApi(template, objects, compose)).toEqual([
      'nginx proxies to http://api-public:4000, not the fxrates_api upstream',
    ]);
  });
});

describe('point 5: metrics behind the operator credentials, the Secret completes the ConfigMap', () => {
  const prometheus = parse(read('deploy/prometheus.yml')) as PrometheusConfig;

  it('Prometheus scrapes api, api-public and worker with basic_auth read from files', () => {
    expect(prometheusScrapesWithCredentials(prometheus, objects)).toEqual([]);
  });

  it('fails on a job without credentials or with the password written in', () => {
    const broken = copy(prometheus);
    delete broken.scrape_configs![0].basic_auth;
    broken.scrape_configs![1].basic_auth = { username: 'ops', password: 'hunter2-hunter2' };
    expect(prometheusScrapesWithCredentials(broken, objects)).toEqual([
      'fxrates-api: no basic_auth',
      'fxrates-worker: the password must come from a file (password_file)',
    ]);
  });

  const configMap = named<IConfigMap>(objects, 'ConfigMap', 'fxrates-config').data ?? {};
  const secret = (secretExample[0] as unknown as ISecret).stringData ?? {};
  // What the compose stack sets (a file-borne secret by its own name), and every secret of the schema.
  const needed = [
    ...new Set([
      ...Object.keys(compose.services.api.environment ?? {}),
      ...Object.keys(compose.services.worker.environment ?? {}),
      ...Object.entries(ENV_SCHEMA)
        .filter(([, variable]) => variable.secret)
        .map(([name]) => name),
    ]),
  ].map((name) => name.replace(/_FILE$/, ''));

  it('the example Secret lists every variable the ConfigMap does not', () => {
    expect(needed).toEqual(
      expect.arrayContaining(['OPS_USER', 'OPS_PASSWORD', 'RECAPTCHA_HOSTNAMES', 'CONTACT_RECAPTCHA']),
    );
    expect(secretCompletesConfigMap(configMap, secret, needed, ENV_SCHEMA)).toEqual([]);
  });

  it('fails when a variable is missing, doubled or misspelt', () => {
    const { OPS_USER: _user, ...withoutUser } = secret;
    expect(secretCompletesConfigMap(configMap, withoutUser, needed, ENV_SCHEMA)).toEqual([
      'OPS_USER is in neither the ConfigMap nor the Secret',
    ]);
    expect(
      secretCompletesConfigMap(
        { ...configMap, OPS_PASWORD: 'x', REDIS_URL: 'redis://r' },
        secret,
        needed,
        ENV_SCHEMA,
      ),
    ).toEqual([
      'REDIS_URL is in both the ConfigMap and the Secret',
      'REDIS_URL is a secret, in the ConfigMap',
      'OPS_PASWORD is no variable of libs/config',
    ]);
  });

  it('the example Secret cannot run as it is: its placeholders are refused at boot', () => {
    expect(() => loadConfig({ ...configMap, ...secret })).toThrow(/OPS_PASSWORD must be at least 12/);
  });
});

describe('point 6: docker compose with the documented .env.example', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'fxrates-compose-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  /** A service's environment as its container gets it, the generated secrets written as secrets-init does. */
  function containerEnv(file: typeof compose, service: string): NodeJS.ProcessEnv {
    const env = Object.fromEntries(
      Object.entries(file.services[service].environment ?? {}).map(([name, value]) => [
        name,
        String(value ?? ''),
      ]),
    );
    for (const [name, value] of Object.entries(env)) {
      if (name.endsWith('_FILE') && value.startsWith('/run/secrets/fxrates/')) {
        const secretFile = path.join(directory, path.basename(value));
        writeFileSync(secretFile, randomBytes(48).toString('base64'));
        env[name] = secretFile;
      }
    }
    return env;
  }

  it('is a valid Compose file', () => {
    expect(composeValidator()(compose)).toEqual([]);
  });

  it('the schema check refuses a malformed service', () => {
    const broken = copy(compose);
    (broken.services.api as Record<string, unknown>).restart_policy = 'always';
    (broken.services.api as Record<string, unknown>).stop_grace_period = '30 seconds';
    expect(composeValidator()(broken)).toEqual(
      expect.arrayContaining([
        '/services/api must NOT have additional properties',
        '/services/api/stop_grace_period must match format "duration"',
      ]),
    );
  });

  it('the example chooses the contact form without reCAPTCHA explicitly, and every backend container boots with it', () => {
    expect(envExample.CONTACT_RECAPTCHA).toBe('off');
    for (const service of ['migrate', 'api', 'worker']) {
      const config = loadConfig(containerEnv(compose, service));
      expect([service, config.isProduction, config.contact.recaptcha]).toEqual([service, true, 'off']);
    }
  });

  it('without that choice production refuses to start, naming the switch', () => {
    const withoutEnvFile = loadCompose({});
    expect(() => loadConfig(containerEnv(withoutEnvFile, 'api'))).toThrow(
      /RECAPTCHA_SECRET is required \(.*unless CONTACT_RECAPTCHA=off/,
    );
    const { CONTACT_RECAPTCHA: _choice, ...unchosen } = envExample;
    expect(() => loadConfig(containerEnv(loadCompose(unchosen), 'worker'))).toThrow(/CONTACT_RECAPTCHA=off/);
  });

  it('deploy/README.md starts the stack in two commands', () => {
    const section = read('deploy/README.md').split('\n## Docker Compose\n')[1].split('\n## ')[0];
    const firstBlock = section.split('```bash\n')[1].split('```')[0];
    const commands = firstBlock
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter(Boolean);
    expect(commands).toEqual(['cp .env.example .env', 'docker compose up -d --build']);
  });
});

describe('point 7: Kubernetes', () => {
  it('HPAs own the replica counts: no fixed replicas beside one', () => {
    expect(
      ofKind(objects, 'HorizontalPodAutoscaler')
        .map((h) => h.metadata.name)
        .sort(),
    ).toEqual(['api', 'api-public']);
    expect(hpasOwnReplicas(objects)).toEqual([]);
    const broken = copy(objects);
    named<{ spec: { replicas?: number } }>(broken, 'Deployment', 'api').spec.replicas = 2;
    expect(hpasOwnReplicas(broken)).toEqual(['Deployment/api fixes replicas: 2 beside HPA api']);
  });

  it('the migrate step seeds the rate history after migrating, in Kubernetes and in compose', () => {
    const seed =
      'node dist/libs/db/src/cli/migrate.js up && node dist/services/worker/src/cli/rates-backfill.js --source ecb --bundled --if-empty';
    const job = objects.find((o) => o.kind === 'Job' && o.metadata.name.startsWith('migrate-')) as IJob &
      K8sObject;
    expect(job.spec!.template.spec!.containers.map((c) => c.command)).toEqual([['sh', '-c', seed]]);
    expect(compose.services.migrate.command).toEqual(['sh', '-c', seed]);
  });

  it('the migrate Job carries the release: a new tag makes a new Job, the same tag the same one', () => {
    expect(migrateJobCarriesRelease(objects, apiTag)).toEqual([]);
    // The next release, as `kustomize edit set image` in deploy/k8s makes it (deploy/README.md).
    const release = mkdtempSync(path.join(tmpdir(), 'fxrates-release-'));
    try {
      cpSync(K8S_DIR, release, { recursive: true });
      const edited = copy(kustomization);
      Object.assign(
        edited.images.find((image) => image.name === 'fxrates-pro/api')!,
        {
          newName: 'registry.example.com/fxrates-pro/api',
          newTag: '1.4.2',
        },
      );
      writeFileSync(path.join(release, 'kustomization.yaml'), stringify(edited));
      const next = renderKustomization(release);
      expect(migrateJobCarriesRelease(next, '1.4.2')).toEqual([]);
      const job = named<IJob>(next, 'Job', 'migrate-1.4.2');
      expect(job.spec?.template.spec?.containers[0].image).toBe('registry.example.com/fxrates-pro/api:1.4.2');
      // Everything else is the same objects: apply updates them in place.
      const names = (list: K8sObject[]) => list.map((o) => `${o.kind}/${o.metadata.name}`);
      expect(names(next).filter((n) => !n.startsWith('Job/'))).toEqual(
        names(objects).filter((n) => !n.startsWith('Job/')),
      );
      // The same release rendered twice names the same Job: a second apply leaves it unchanged.
      expect(renderKustomization(release)).toEqual(next);
    } finally {
      rmSync(release, { recursive: true, force: true });
    }
    expect(migrateJobCarriesRelease(objects, '9.9.9')).toEqual([
      `the migrate Job is migrate-${apiTag}, not migrate-9.9.9`,
    ]);
  });

  it('every Deployment has a PodDisruptionBudget of its own pods that a drain can meet', () => {
    expect(everyDeploymentHasPdb(objects)).toEqual([]);
    const broken = objects.filter((o) => !(o.kind === 'PodDisruptionBudget' && o.metadata.name === 'worker'));
    expect(everyDeploymentHasPdb(broken)).toEqual(['Deployment/worker has 0 PDBs']);
    const blocking = copy(objects);
    named<{ spec: { minAvailable: number } }>(blocking, 'PodDisruptionBudget', 'web').spec.minAvailable = 2;
    expect(everyDeploymentHasPdb(blocking)).toEqual([
      'PDB web (minAvailable 2) blocks every drain of 2 pods',
    ]);
  });

  it('NetworkPolicies allow the traffic each pod needs and refuse the rest', () => {
    expect(networkPoliciesAllowOnlyNeeded(objects)).toEqual([]);
  });

  it('fails when the default deny goes, or a policy opens too much or too little', () => {
    const withoutDeny = objects.filter(
      (o) => !(o.kind === 'NetworkPolicy' && o.metadata.name === 'default-deny'),
    );
    expect(networkPoliciesAllowOnlyNeeded(withoutDeny)).toEqual([
      'allowed, but not needed: otherPod sameNamespaceStranger 8080',
    ]);
    const tooOpen = copy(objects);
    named<INetworkPolicy>(tooOpen, 'NetworkPolicy', 'api-public').spec!.ingress![0].from = undefined;
    expect(networkPoliciesAllowOnlyNeeded(tooOpen)).toEqual([
      // The other pods of the namespace are still held back by their own egress policies.
      'allowed, but not needed: otherPod api-public 4000',
      'allowed, but not needed: outside api-public 4000',
    ]);
    const tooClosed = objects.filter((o) => !(o.kind === 'NetworkPolicy' && o.metadata.name === 'dns'));
    expect(networkPoliciesAllowOnlyNeeded(tooClosed)).toContain('refused, but needed: api dns 53 UDP');
  });

  it('API answers that bypass nginx come from the api image, which sets its own security headers', () => {
    expect(apiAnswersCarryTheirHeaders(objects)).toEqual([]);
    const broken = copy(objects);
    named<K8sObject>(broken, 'Ingress', 'fxrates').metadata.annotations = {
      'nginx.ingress.kubernetes.io/configuration-snippet': 'more_clear_headers "Content-Security-Policy";',
    };
    expect(apiAnswersCarryTheirHeaders(broken)).toEqual([
      "Ingress annotation nginx.ingress.kubernetes.io/configuration-snippet may change the API's headers",
    ]);
  });
});

const FRONTEND_TARGETS = ['shell', 'marketing', 'dashboard', 'billing'];

describe('point 8: both Dockerfiles linted', () => {
  const backend = read('deploy/backend.Dockerfile');
  const web = read('deploy/web.Dockerfile');

  it('passes the linter: valid instructions, pinned bases, exec form, non-root shipped stages', () => {
    expect(lintDockerfile(backend, ['api', 'worker'])).toEqual([]);
    expect(lintDockerfile(web, FRONTEND_TARGETS)).toEqual([]);
  });

  it('fails on a broken Dockerfile', () => {
    expect(lintDockerfile(backend.replace('USER node\n', ''), ['api', 'worker'])).toEqual([
      'stage api runs as root (no USER)',
      'stage worker runs as root (no USER)',
    ]);
    expect(
      lintDockerfile(
        web
          .replace('ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine', 'ARG NGINX_IMAGE=nginx')
          .replace('EXPOSE 8080', 'EXPOSE http')
          .replace(
            'USER 101\nEXPOSE 8080\nSTOPSIGNAL SIGQUIT\nENTRYPOINT ["nginx"',
            'EXPOSE 8080\nENTRYPOINT ["nginx"',
          ),
        FRONTEND_TARGETS,
      ),
    ).toEqual([
      expect.stringMatching(/Invalid containerPort: http/),
      expect.stringMatching(/base image nginx is not pinned/),
      expect.stringMatching(/base image nginx is not pinned/),
      'stage marketing runs as root',
    ]);
    expect(lintDockerfile('FROM node:20\nCMD node main.js\n', ['x'])).toEqual([
      'line 2: CMD in shell form (signals would not reach the process)',
      'no stage x',
      'stage x runs as root (no USER)',
    ]);
  });
});
