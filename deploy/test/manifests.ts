/**
 * Reading the deployment files as the tools that use them would, without a cluster or Docker:
 * `kubectl kustomize` renders deploy/k8s, compose's variable interpolation is applied to
 * docker-compose.yml, and the routing of an Ingress and the verdict of NetworkPolicies are
 * computed by the rules Kubernetes documents for them. deploy-files.spec.ts checks the rules of
 * deploy/README.md against what these return.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import type { INetworkPolicyPort } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPort';
import { parse, parseAllDocuments } from 'yaml';

export const ROOT = path.join(__dirname, '../..');
export const K8S_DIR = path.join(ROOT, 'deploy/k8s');
export const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** One rendered object; its kind-specific fields are read through the kubernetes-models types. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
}

/** `kubectl kustomize <dir>`: what `kubectl apply -k` would send, as objects. */
export function renderKustomization(dir = K8S_DIR): K8sObject[] {
  let yaml: string;
  try {
    yaml = execFileSync('kubectl', ['kustomize', dir], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'kubectl is not on the PATH: the deployment checks render deploy/k8s with `kubectl kustomize` (kubectl 1.27 or later)',
      );
    }
    throw new Error(`kubectl kustomize ${dir} failed: ${(error as { stderr?: string }).stderr ?? error}`);
  }
  return parseYamlDocuments(yaml);
}

export function parseYamlDocuments(yaml: string): K8sObject[] {
  return parseAllDocuments(yaml)
    .map((document) => {
      if (document.errors.length > 0) throw document.errors[0];
      return document.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null);
}

export const ofKind = <T>(objects: K8sObject[], kind: string) =>
  objects.filter((object) => object.kind === kind) as unknown as (T & K8sObject)[];

export function named<T>(objects: K8sObject[], kind: string, name: string): T & K8sObject {
  const found = ofKind<T>(objects, kind).find((object) => object.metadata.name === name);
  if (!found) throw new Error(`no ${kind}/${name} in the rendered manifests`);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Label selectors

type LabelSelector = NonNullable<IDeployment['spec']>['selector'];

export function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return key in labels && values.includes(labels[key]);
      case 'NotIn':
        return !(key in labels) || !values.includes(labels[key]);
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
      default:
        throw new Error(`unknown selector operator ${operator}`);
    }
  });
  return byLabels && byExpressions;
}

/** The labels of the pods a Deployment (or a Job) makes. */
export function podLabels(workload: K8sObject): Record<string, string> {
  const spec = (workload as unknown as IDeployment).spec;
  return spec?.template.metadata?.labels ?? {};
}

// ---------------------------------------------------------------------------------------------
// Ingress routing (networking.k8s.io/v1): Exact matches the path itself; Prefix matches whole
// path elements; the longest matching path wins, Exact before Prefix at the same length.

export function ingressBackend(ingress: IIngress, requestPath: string): string | undefined {
  let best: { score: number; service: string } | undefined;
  for (const rule of ingress.spec?.rules ?? []) {
    for (const { path: rulePath = '/', pathType, backend } of rule.http?.paths ?? []) {
      const trimmed = rulePath.replace(/\/+$/, '');
      const matches =
        pathType === 'Exact'
          ? requestPath === rulePath
          : trimmed === '' ||
            requestPath === trimmed ||
            requestPath.startsWith(`${trimmed}/`) ||
            requestPath === `${trimmed}/`;
      if (!matches) continue;
      const score = trimmed.length * 2 + (pathType === 'Exact' ? 1 : 0);
      if (!best || score > best.score) best = { score, service: backend.service?.name ?? '' };
    }
  }
  return best?.service;
}

// ---------------------------------------------------------------------------------------------
// NetworkPolicy verdicts. A pod is isolated for a direction once a policy of its namespace selects
// it for that direction; then a connection needs a rule of one of those policies allowing it.

export const APP_NAMESPACE = 'fxrates';

export interface Endpoint {
  namespace: string;
  /** Pod labels; absent for an address outside the cluster. */
  labels?: Record<string, string>;
  /** An address outside the cluster. */
  ip?: string;
}

const namespaceLabels = (namespace: string) => ({ 'kubernetes.io/metadata.name': namespace });

function ipv4InCidr(ip: string, cidr: string): boolean {
  const [base, bits = '32'] = cidr.split('/');
  const toNumber = (address: string) => address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
  const block = 2 ** (32 - Number(bits));
  return Math.floor(toNumber(ip) / block) === Math.floor(toNumber(base) / block);
}

function peerMatches(peer: INetworkPolicyPeer, other: Endpoint, policyNamespace: string): boolean {
  if (peer.ipBlock) {
    if (!other.ip) return false;
    const excepted = (peer.ipBlock.except ?? []).some((cidr) => ipv4InCidr(other.ip!, cidr));
    return ipv4InCidr(other.ip, peer.ipBlock.cidr) && !excepted;
  }
  if (!other.labels) return false;
  const namespaceOk = peer.namespaceSelector
    ? selects(peer.namespaceSelector, namespaceLabels(other.namespace))
    : other.namespace === policyNamespace;
  const podOk = peer.podSelector ? selects(peer.podSelector, other.labels) : true;
  return namespaceOk && podOk;
}

const portMatches = (ports: INetworkPolicyPort[] | undefined, port: number, protocol: string) =>
  !ports ||
  ports.length === 0 ||
  ports.some((p) => (p.protocol ?? 'TCP') === protocol && (p.port === undefined || p.port === port));

function policyTypes(policy: INetworkPolicy): string[] {
  return policy.spec?.policyTypes ?? (policy.spec?.egress ? ['Ingress', 'Egress'] : ['Ingress']);
}

/** Whether the policies let `pod` (in APP_NAMESPACE) talk to, or hear from, `other` on a port. */
function allowedFor(
  policies: INetworkPolicy[],
  direction: 'Ingress' | 'Egress',
  pod: Endpoint,
  other: Endpoint,
  port: number,
  protocol: string,
): boolean {
  const applying = policies.filter(
    (policy) =>
      pod.namespace === APP_NAMESPACE &&
      policyTypes(policy).includes(direction) &&
      selects(policy.spec?.podSelector ?? {}, pod.labels ?? {}),
  );
  if (pod.namespace !== APP_NAMESPACE || applying.length === 0) return true;
  return applying.some((policy) => {
    const rules = direction === 'Ingress' ? policy.spec?.ingress : policy.spec?.egress;
    return (rules ?? []).some((rule) => {
      const peers =
        direction === 'Ingress'
          ? 'from' in rule
            ? rule.from
            : undefined
          : 'to' in rule
            ? rule.to
            : undefined;
      const peerOk =
        !peers || peers.length === 0 || peers.some((peer) => peerMatches(peer, other, APP_NAMESPACE));
      return peerOk && portMatches(rule.ports, port, protocol);
    });
  });
}

/** A connection from `source` to `destination:port` gets through both ends' policies. */
export function connectionAllowed(
  policies: INetworkPolicy[],
  source: Endpoint,
  destination: Endpoint,
  port: number,
  protocol = 'TCP',
): boolean {
  const egress = source.labels ? allowedFor(policies, 'Egress', source, destination, port, protocol) : true;
  const ingress = destination.labels
    ? allowedFor(policies, 'Ingress', destination, source, port, protocol)
    : true;
  return egress && ingress;
}

// ---------------------------------------------------------------------------------------------
// docker compose: the file as `docker compose config` sees it, variables interpolated.

/** NAME=value lines of an env file (compose's .env). */
export function parseEnvFile(text: string): Record<string, string> {
  return Object.fromEntries(
    [...text.matchAll(/^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2].trim()]),
  );
}

/** Compose's interpolation: $$, ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, $NAME. */
export function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(
    /\$(\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    (whole, escaped: string, name?: string, operator?: string, argument = '', bare?: string) => {
      if (escaped === '$') return '$';
      const key = name ?? bare!;
      const value = vars[key];
      const unset = operator?.startsWith(':') ? !value : value === undefined;
      if (!unset || !operator) return value ?? '';
      if (operator.endsWith('?')) throw new Error(`compose: ${key} is required: ${argument}`);
      return argument;
    },
  );
}

function interpolateAll(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') return interpolate(value, vars);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateAll(v, vars)]));
  }
  return value;
}

export interface ComposeService {
  environment?: Record<string, string | number | boolean | null>;
  [field: string]: unknown;
}
export interface ComposeFile {
  services: Record<string, ComposeService>;
  [field: string]: unknown;
}

/** docker-compose.yml with its YAML anchors and merge keys resolved and `vars` interpolated. */
export function loadCompose(vars: Record<string, string>): ComposeFile {
  return interpolateAll(parse(read('docker-compose.yml'), { merge: true }), vars) as ComposeFile;
}
