import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * docs/dependencies.md records each dependency kept a major behind, with the reason. It cannot ask
 * the registry here (offline), so it checks what it can: every package it names is declared in a
 * package.json of the repository at the major it records, below the latest major it records. An
 * upgrade that forgets its row, or a row left for a package no longer pinned there, fails.
 */
const root = path.resolve(__dirname, '..');

interface Row {
  packages: string[];
  current: number;
  latest: number;
}

function recordRows(): Row[] {
  const text = readFileSync(path.join(root, 'docs/dependencies.md'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [packagesCell, current, latest] = line.split('|').slice(1, 4);
      return {
        packages: [...packagesCell.matchAll(/`([^`]+)`/g)].map((match) => match[1]),
        current: Number(current.trim()),
        latest: Number(latest.trim()),
      };
    });
}

/** Every version range each package is declared with, across the root and the workspaces. */
function declaredRanges(): Map<string, string[]> {
  const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  const manifests = ['package.json'];
  for (const pattern of rootManifest.workspaces) {
    const parent = pattern.replace(/\/\*$/, '');
    const dirs = readdirNames(path.join(root, parent));
    for (const dir of dirs) manifests.push(path.join(parent, dir, 'package.json'));
  }
  const ranges = new Map<string, string[]>();
  for (const manifest of manifests) {
    let json: Record<string, Record<string, string> | undefined>;
    try {
      json = JSON.parse(readFileSync(path.join(root, manifest), 'utf8'));
    } catch {
      continue; // a folder under libs/, services/ or frontends/ that is not a workspace
    }
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
      for (const [name, range] of Object.entries(json[field] ?? {})) {
        ranges.set(name, [...(ranges.get(name) ?? []), range]);
      }
    }
  }
  return ranges;
}

function readdirNames(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const major = (range: string) => Number(/\d+/.exec(range)?.[0]);

describe('docs/dependencies.md (dependencies kept a major behind)', () => {
  const rows = recordRows();
  const ranges = declaredRanges();

  it('has rows, each naming packages with a current major below the latest', () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.packages.length).toBeGreaterThan(0);
      expect(Number.isInteger(row.current) && Number.isInteger(row.latest)).toBe(true);
      expect(row.current).toBeLessThan(row.latest);
    }
  });

  it('records the major every package.json pins for each package it names', () => {
    const mismatches = rows.flatMap((row) =>
      row.packages.flatMap((name) => {
        const declared = ranges.get(name);
        if (!declared) return [`${name}: recorded but declared in no package.json`];
        return declared
          .filter((range) => major(range) !== row.current)
          .map((range) => `${name}: recorded at ${row.current}, declared ${range}`);
      }),
    );
    expect(mismatches).toEqual([]);
  });
});
