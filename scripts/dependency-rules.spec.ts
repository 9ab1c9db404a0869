import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Runs dependency-cruiser with the repository's .dependency-cruiser.cjs over a small tree laid out
 * like the monorepo, where each forbidden import sits beside allowed ones, and checks that every
 * rule fires on exactly the imports that break it.
 */
const root = path.resolve(__dirname, '..');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const rulesFile = path.join(root, '.dependency-cruiser.cjs');

const tree: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      module: 'commonjs',
      moduleResolution: 'bundler',
      paths: {
        '@fxrates/kit': ['./libs/kit/src/index.ts'],
        '@fxrates/sdk': ['./libs/sdk/src/index.ts'],
      },
    },
  }),
  'libs/kit/src/index.ts': `export const kit = 1;\n`,
  'libs/kit/src/into-service.ts': `import { api } from '../../../services/api/src/main';\nexport const x = api;\n`,
  'libs/kit/src/into-frontend.ts': `import { shell } from '../../../frontends/shell/src/app';\nexport const x = shell;\n`,
  // A cycle closed by a type-only import.
  'libs/kit/src/cycle-a.ts': `import type { B } from './cycle-b';\nexport type A = { b?: B };\n`,
  'libs/kit/src/cycle-b.ts': `import { kit } from './index';\nimport type { A } from './cycle-a';\nexport type B = { a?: A; k: typeof kit };\n`,

  'libs/sdk/src/index.ts': `import { kit } from '@fxrates/kit';\nexport const sdk = kit;\n`,
  'libs/sdk/src/node-only.ts': `import { randomUUID } from 'node:crypto';\nexport const id = randomUUID;\n`,
  'libs/sdk/src/client.spec.ts': `import { createServer } from 'node:http';\nexport const s = createServer;\n`,

  'services/api/src/main.ts': `import { kit } from '@fxrates/kit';\nexport const api = kit;\n`,
  'services/api/src/app.module.ts':
    `import { keys } from './modules/keys';\nimport { KeysService } from './modules/keys/keys.service';\n` +
    `export const app = [keys, KeysService];\n`,
  'services/api/src/modules/keys/index.ts': `export { KeysService } from './keys.service';\nexport const keys = 1;\n`,
  'services/api/src/modules/keys/keys.service.ts': `import { kit } from '@fxrates/kit';\nexport class KeysService { k = kit; }\n`,
  'services/api/src/modules/usage/usage.service.ts': `import { KeysService } from '../keys';\nexport const u = KeysService;\n`,
  'services/api/src/modules/billing/billing.service.ts': `import { KeysService } from '../keys/keys.service';\nexport const b = KeysService;\n`,
  'services/api/test/test-app.ts': `import { api } from '../src/main';\nexport const testApp = api;\n`,
  // common/ in folders by concern, each reached through its index.ts.
  'services/api/src/common/errors/index.ts': `export * from './app-exception';\n`,
  'services/api/src/common/errors/app-exception.ts': `export class AppException extends Error {}\n`,
  'services/api/src/common/http/index.ts': `export * from './problem-reply';\n`,
  'services/api/src/common/http/problem-reply.ts': `import { AppException } from '../errors';\nexport const reply = AppException;\n`,
  'services/api/src/common/http/reply-cache.ts': `import { reply } from './problem-reply';\nexport const cached = reply;\n`,
  'services/api/src/common/http/into-errors-file.ts': `import { AppException } from '../errors/app-exception';\nexport const x = AppException;\n`,
  'services/api/src/common/http/into-module.ts': `import { keys } from '../../modules/keys';\nexport const x = keys;\n`,
  'services/api/src/modules/keys/refusal.ts': `import { AppException } from '../../common/errors';\nexport const r = AppException;\n`,
  'services/api/src/modules/usage/into-common-file.ts': `import { reply } from '../../common/http/problem-reply';\nexport const x = reply;\n`,
  'services/api/test/problem.e2e-spec.ts': `import { reply } from '../src/common/http';\nexport const x = reply;\n`,
  'services/api/test/into-common-file.e2e-spec.ts': `import { AppException } from '../src/common/errors/app-exception';\nexport const x = AppException;\n`,
  'services/api/test/support/stand-in.ts': `export const standIn = 1;\n`,
  'services/worker/src/main.ts': `import { kit } from '@fxrates/kit';\nexport const worker = kit;\n`,
  'services/worker/src/into-api.ts': `import { api } from '../../api/src/main';\nexport const x = api;\n`,
  'services/worker/test/with-api.e2e-spec.ts': `import { testApp } from '../../api/test/test-app';\nexport const x = testApp;\n`,

  'frontends/shell/src/app.tsx': `import { kit } from '@fxrates/kit';\nexport const shell = kit;\n`,
  'frontends/shell/src/into-service.ts': `import { api } from '../../../services/api/src/main';\nexport const x = api;\n`,
  'frontends/dashboard/src/page.tsx': `export const page = 1;\n`,
  'frontends/marketing/src/docs.tsx': `import { sdk } from '@fxrates/sdk';\nexport const docs = sdk;\n`,
  'frontends/marketing/src/docs.spec.ts': `import { sdk } from '@fxrates/sdk';\nexport const x = sdk;\n`,
  'frontends/marketing/src/into-dashboard.ts': `import { page } from '../../dashboard/src/page';\nexport const x = page;\n`,

  'e2e/support/stand-ins.ts': `import { standIn } from '../../services/api/test/support/stand-in';\nexport const x = standIn;\n`,
  'e2e/support/into-service.ts': `import { api } from '../../services/api/src/main';\nexport const x = api;\n`,
  'scripts/into-service.ts': `import { worker } from '../services/worker/src/main';\nexport const x = worker;\n`,
};

const BOUNDARY_RULES = [
  'frontend-app-not-into-another-app: frontends/marketing/src/into-dashboard.ts → frontends/dashboard/src/page.tsx',
  'frontend-not-into-sdk: frontends/marketing/src/docs.tsx → libs/sdk/src/index.ts',
  'frontend-not-into-service: frontends/shell/src/into-service.ts → services/api/src/main.ts',
  'lib-not-into-service-or-frontend: libs/kit/src/into-frontend.ts → frontends/shell/src/app.tsx',
  'lib-not-into-service-or-frontend: libs/kit/src/into-service.ts → services/api/src/main.ts',
  'no-circular: libs/kit/src/cycle-a.ts → libs/kit/src/cycle-b.ts',
  'sdk-runs-in-browsers: libs/sdk/src/node-only.ts → crypto',
  'service-not-into-another-service: services/worker/src/into-api.ts → services/api/src/main.ts',
  'tooling-not-into-service-src: e2e/support/into-service.ts → services/api/src/main.ts',
  'tooling-not-into-service-src: scripts/into-service.ts → services/worker/src/main.ts',
];
const ENTRY_RULES = [
  'feature-module-through-entry: services/api/src/modules/billing/billing.service.ts → services/api/src/modules/keys/keys.service.ts',
  'feature-module-through-entry-from-app: services/api/src/app.module.ts → services/api/src/modules/keys/keys.service.ts',
  'common-folder-through-entry: services/api/src/modules/usage/into-common-file.ts → services/api/src/common/http/problem-reply.ts',
  'common-folder-through-entry: services/api/test/into-common-file.e2e-spec.ts → services/api/src/common/errors/app-exception.ts',
  'common-folder-through-entry-within-common: services/api/src/common/http/into-errors-file.ts → services/api/src/common/errors/app-exception.ts',
  'common-not-into-feature-module: services/api/src/common/http/into-module.ts → services/api/src/modules/keys/index.ts',
];

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dependency-rules-'));
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cruise = (config: string, outputType: string) =>
  spawnSync(
    process.execPath,
    [
      depcruise,
      '--config',
      config,
      '--output-type',
      outputType,
      'libs',
      'services',
      'frontends',
      'e2e',
      'scripts',
    ],
    { cwd: dir, encoding: 'utf8' },
  );

function violations(config: string): string[] {
  const run = cruise(config, 'json');
  expect(run.stderr).toBe('');
  const { modules, summary } = JSON.parse(run.stdout) as {
    modules: { source: string; dependencies: { module: string; couldNotResolve: boolean }[] }[];
    summary: { violations: Violation[] };
  };
  // Every import resolved, the @fxrates alias included, so the allowed ones were seen and let through.
  const unresolved = modules.flatMap((m) =>
    m.dependencies.filter((d) => d.couldNotResolve).map((d) => d.module),
  );
  expect(unresolved).toEqual([]);
  const found = summary.violations;
  return found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('import boundaries (.dependency-cruiser.cjs)', () => {
  it('fires each rule on the import that breaks it, and on nothing else', () => {
    expect(violations(rulesFile)).toEqual([...BOUNDARY_RULES, ...ENTRY_RULES].sort());
  });

  it('fails the lint step (the err report npm run lint:deps prints) when a rule is broken', () => {
    const run = cruise(rulesFile, 'err');
    expect(run.status).toBe(BOUNDARY_RULES.length + ENTRY_RULES.length);
    expect(run.stdout).toContain('error frontend-not-into-service: frontends/shell/src/into-service.ts');
  });
});
