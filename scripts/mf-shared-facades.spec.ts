import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The frontends' webpack helpers are CommonJS modules of the build, not part of any app.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { importedNames, staticallyReached } = require('../frontends/mf-shared.js') as {
  importedNames: (packageName: string, files: string[]) => string[] | null;
  staticallyReached: (roots: string[]) => string[];
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { moveExtraImports, moveUnsharedHooks } = require('../frontends/mantine-imports-loader.cjs') as {
  moveExtraImports: (source: string) => string;
  moveUnsharedHooks: (source: string) => string;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { mantineExtraNames, MANTINE_EXTRAS, mantineHooksNames } = require('../frontends/mf-shared.js') as {
  mantineExtraNames: string[];
  MANTINE_EXTRAS: string;
  mantineHooksNames: string[];
};

function sources(files: Record<string, string>): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-shared-'));
  return Object.entries(files).map(([name, text]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  });
}

describe('shared facades (frontends/mf-shared.js)', () => {
  it('collects the value names the apps import from a package, across lines, without types', () => {
    const files = sources({
      'a.tsx': "import { Button, type MantineTheme, Text as T } from '@mantine/core';\n",
      'b.ts':
        'import {\n  Modal,\n  Button,\n} from "@mantine/core";\nimport type { BoxProps } from \'@mantine/core\';\n',
      'c.ts': "import { Link } from 'react-router';\n",
    });
    expect(importedNames('@mantine/core', files)).toEqual(['Button', 'Modal', 'Text']);
  });

  it('shares a package whole when some file takes all of it', () => {
    const files = sources({ 'a.ts': "import * as Mantine from '@mantine/core';\n" });
    expect(importedNames('@mantine/core', files)).toBeNull();
  });

  it('moves the imports of components the first page does not use to the extras module', () => {
    const extra = mantineExtraNames[0];
    expect(extra).toBeDefined();
    const source = `import { Button, ${extra} as X, type MantineTheme } from '@mantine/core';\n`;
    expect(moveExtraImports(source)).toBe(
      `import { Button, type MantineTheme } from '@mantine/core'; import { ${extra} as X } from '${MANTINE_EXTRAS}';\n`,
    );
    expect(moveExtraImports("import { Button } from '@mantine/core';")).toBe(
      "import { Button } from '@mantine/core';",
    );
  });

  it('carries the Mantine components and hooks that @mantine/charts and @mantine/notifications call', () => {
    // Their own internals (factory, useProps, ...) and components (Notification) reach the shared
    // modules too: a name a facade lacked would be undefined at run time.
    expect(mantineExtraNames).toEqual(
      expect.arrayContaining(['Notification', 'ColorSwatch', 'factory', 'useProps']),
    );
    // useDrag is called by notifications alone: it stays out of the first page's shared hooks.
    expect(mantineHooksNames).not.toContain('useDrag');
    expect(moveUnsharedHooks('import { useDidUpdate, useDrag } from "@mantine/hooks";')).toBe(
      "import { useDidUpdate } from '@mantine/hooks'; import { useDrag } from 'fxrates-unshared/@mantine/hooks';",
    );
  });

  it('counts as first-page code what static imports reach, not what an import() loads later', () => {
    const [root, eager, lazy, typeOnly] = sources({
      'root.tsx':
        "import { Eager } from './eager';\nimport type { Lazy } from './lazy';\n" +
        "export { Kind } from './type-only';\nexport const load = () => import('./lazy');\n",
      'eager.tsx': "import { InputBase } from '@mantine/core';\nexport const Eager = InputBase;\n",
      'lazy.tsx': "import { Select } from '@mantine/core';\nexport const Lazy = Select;\n",
      'type-only.ts': 'export const Kind = 1;\n',
    });
    const reached = staticallyReached([root!]);
    expect(reached.sort()).toEqual([eager, root, typeOnly].sort());
    expect(reached).not.toContain(lazy);
    expect(importedNames('@mantine/core', reached)).toEqual(['InputBase']);
  });

  it("leaves the landing page's currency pickers' Select to the extras: it loads after the first paint", () => {
    expect(mantineExtraNames).toContain('Select');
  });
});
