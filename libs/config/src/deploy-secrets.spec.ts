import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_RATE_PROVIDERS } from '@fxrates/domain';
import { loadConfig } from './config';
import { ENV_SCHEMA } from './schema';

const root = path.join(__dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const SECRETS = Object.entries(ENV_SCHEMA)
  .filter(([, variable]) => variable.secret)
  .map(([name]) => name);
const GENERATED = Object.entries(ENV_SCHEMA)
  .filter(([, variable]) => variable.generated)
  .map(([name]) => name);

/** `NAME: value` lines of a flat YAML mapping, indented by `indent` spaces. */
function entries(yaml: string, indent: number): Record<string, string> {
  const line = new RegExp(`^ {${indent}}([A-Z][A-Z0-9_]*): *(.*)$`, 'gm');
  return Object.fromEntries([...yaml.matchAll(line)].map((m) => [m[1], m[2].replace(/^'(.*)'$/, '$1')]));
}

describe('deployment files give no secret a value anyone can read', () => {
  it('the example Kubernetes Secret cannot run as it is: its signing keys are refused', () => {
    const example = entries(read('deploy/k8s/secret.example.yaml').split('stringData:')[1], 2);
    const config = entries(read('deploy/k8s/configmap.yaml'), 2);
    expect(() => loadConfig({ ...config, ...example })).toThrow(
      /JWT_SECRET must be at least 32[\s\S]*API_KEY_HASH_SECRET must be at least 32/,
    );
  });

  it('the ConfigMap holds no secret', () => {
    const config = entries(read('deploy/k8s/configmap.yaml'), 2);
    expect(Object.keys(config).filter((name) => SECRETS.includes(name))).toEqual([]);
  });

  it('docker-compose reads the signing keys from the files its secrets-init generates, and nothing else', () => {
    const compose = read('docker-compose.yml');
    const backend = entries(compose.split('x-backend-env:')[1].split('\n\n')[0], 2);
    for (const name of GENERATED) {
      expect([name, backend[name]]).toEqual([name, undefined]);
      expect(backend[`${name}_FILE`]).toBe(`/run/secrets/fxrates/${name.toLowerCase()}`);
    }
    expect(compose).toMatch(/head -c 48 \/dev\/urandom/);
    // The rest come from .env, empty unless the operator sets them.
    const fixed = Object.entries(backend).filter(
      ([name, value]) =>
        SECRETS.includes(name) && !/^\$\{[A-Z_]+:?-?\}$/.test(value) && !name.endsWith('_URL'),
    );
    expect(fixed).toEqual([]);
  });

  it('.env.example leaves every secret empty', () => {
    const example = Object.fromEntries(
      [...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2]]),
    );
    expect(Object.keys(example)).toContain('RECAPTCHA_SECRET');
    expect(Object.entries(example).filter(([name, value]) => SECRETS.includes(name) && value !== '')).toEqual(
      [],
    );
  });

  it('containers listen on every interface because their files say so, not by default', () => {
    expect(entries(read('deploy/k8s/configmap.yaml'), 2).API_HOST).toBe('0.0.0.0');
    expect(entries(read('docker-compose.yml').split('x-backend-env:')[1], 2).API_HOST).toBe('0.0.0.0');
    // In the stage both images start from, not only in the API's.
    const runtimeStage = read('deploy/backend.Dockerfile')
      .split(/ AS runtime\n/)[1]
      .split('\nFROM ')[0];
    expect(runtimeStage).toMatch(/^ENV [^#]*API_HOST=0\.0\.0\.0/m);
  });
});

describe('deployment files enable the default rates providers', () => {
  const defaults = DEFAULT_RATE_PROVIDERS.join(',');

  it('compose, the ConfigMap and .env.example list exactly the schema default, in its order', () => {
    const compose = entries(read('docker-compose.yml').split('x-backend-env:')[1], 2).RATES_PROVIDERS;
    expect(compose).toBe(`\${RATES_PROVIDERS:-${defaults}}`);
    expect(entries(read('deploy/k8s/configmap.yaml'), 2).RATES_PROVIDERS).toBe(defaults);
    expect(/^RATES_PROVIDERS=(.*)$/m.exec(read('.env.example'))?.[1]).toBe(defaults);
  });
});
