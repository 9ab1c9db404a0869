import type { EnvVar, NodeEnv, Schema } from './env-schema';
import { ENV_SCHEMA } from './schema';

/** Where the page is committed; `npm run docs:config` writes it, a unit test keeps it current. */
export const CONFIGURATION_DOCS_PATH = 'docs/configuration.md';

const code = (text: string) => `\`${text}\``;

/** A default as it reads in the table: the value a process would take, in code, or a word for none. */
function shown(value: unknown): string {
  if (value === undefined) return 'required';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : code(value.join(','));
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    return entries.length === 0 ? 'none' : code(entries.map(([name, v]) => `${name}=${String(v)}`).join(','));
  }
  if (value === '') return 'empty';
  return code(String(value));
}

function defaultIn(variable: EnvVar<unknown>, nodeEnv: NodeEnv): unknown {
  return typeof variable.default === 'function'
    ? (variable.default as (e: NodeEnv, env: NodeJS.ProcessEnv) => unknown)(nodeEnv, {})
    : variable.default;
}

/** Development default, with the test one beside it where it differs. */
function developmentDefault(variable: EnvVar<unknown>): string {
  if (variable.documentedDefault) return variable.documentedDefault;
  if (variable.generated) return 'random, made on first start into `.local/secrets/`';
  const development = shown(defaultIn(variable, 'development'));
  const test = shown(defaultIn(variable, 'test'));
  return test === development ? development : `${development} (test: ${test})`;
}

function productionDefault(variable: EnvVar<unknown>): string {
  if (variable.generated) return '**required**';
  if (variable.documentedDefault) return 'the same';
  const production = defaultIn(variable, 'production');
  if (production === undefined) return '**required**';
  const text = shown(production);
  return text === shown(defaultIn(variable, 'development')) ? 'the same' : text;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

const isRequiredInProduction = (variable: EnvVar<unknown>) =>
  variable.generated === true || defaultIn(variable, 'production') === undefined;

/**
 * The configuration page, as markdown before formatting (the caller runs prettier on it, as on every
 * committed file). Everything in it comes from the schema, so the page cannot drift from what the
 * processes read.
 */
export function configurationDocs(schema: Schema = ENV_SCHEMA): string {
  const entries = Object.entries(schema);
  const required = entries.filter(([, variable]) => isRequiredInProduction(variable)).map(([name]) => name);
  const secrets = entries.filter(([, variable]) => variable.secret).map(([name]) => name);
  return [
    '# Configuration',
    '',
    '<!-- Generated from libs/config/src/schema.ts by `npm run docs:config`: edit the schema, then run it. -->',
    '',
    'All backend configuration is environment variables, validated once at boot by `libs/config`. A bad',
    'or missing variable stops the process with one line naming it (exit code 78, `EX_CONFIG`). Defaults',
    'suit local development; `NODE_ENV=test` changes a few of them for the test suites.',
    '',
    `**Required in production**: ${required.map(code).join(', ')}.`,
    '',
    `**Secrets**: ${secrets.map(code).join(', ')}. Any of them may instead be read from a file named by ` +
      '`<NAME>_FILE` (Docker and Kubernetes secrets); a secret never has a value in the source, and its ' +
      'value is never printed in a configuration error. Development generates its own on first start into ' +
      '`.local/secrets/` ([development](development.md#secrets-in-development)).',
    '',
    "The development web server's variables (`WEB_PORT`, `API_URL`, `PUBLIC_*_URL`, …) are in",
    "[development](development.md#the-development-web-server), the nginx image's in",
    '[deploy/README.md](../deploy/README.md).',
    '',
    '| Variable | Default (development) | Production | Secret | Meaning |',
    '| --- | --- | --- | --- | --- |',
    ...entries.map(
      ([name, variable]) =>
        `| ${code(name)} | ${cell(developmentDefault(variable))} | ${cell(productionDefault(variable))} | ${
          variable.secret ? 'yes' : ''
        } | ${cell(variable.description)} |`,
    ),
    '',
  ].join('\n');
}
