import {
  findMissingImports,
  findSharedConflicts,
  IncompatibleRemoteError,
  refusalOf,
  sharedCompatibilityPlugin,
} from './shared-compatibility';

const SHELL = { react: '19.3.1', 'react-router': '7.18.5', '@mantine/core': '9.7.3' };

describe('findSharedConflicts', () => {
  it('accepts a remote that requires a range the shell’s versions satisfy', () => {
    expect(
      findSharedConflicts(SHELL, [
        { name: 'react', version: '19.0.0', requiredVersion: '^19.0.0', singleton: true },
        { name: 'react-router', version: '7.18.5', requiredVersion: '^7.18.5', singleton: true },
        { name: 'left-pad', version: '1.0.0', requiredVersion: '^1.0.0' },
      ]),
    ).toEqual([]);
  });

  it('names each singleton whose required range the shell does not satisfy, facades included', () => {
    expect(
      findSharedConflicts(SHELL, [
        { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' },
        { name: 'react-router', version: '8.0.0', requiredVersion: '^8.0.0' },
        { name: '@mantine/core', version: '9.9.0' },
      ]),
    ).toEqual([
      { packageName: 'react-router', shellVersion: '7.18.5', requiredVersion: '^8.0.0' },
      { packageName: '@mantine/core', shellVersion: '9.7.3', requiredVersion: '^9.9.0' },
    ]);
  });

  it('says which package and versions in its message', () => {
    const error = new IncompatibleRemoteError('marketing', [
      { packageName: 'react-router', shellVersion: '7.18.5', requiredVersion: '^8.0.0' },
    ]);
    expect(error.reason).toBe(
      'It was built for react-router ^8.0.0, but this site runs react-router 7.18.5.',
    );
  });
});

describe('findMissingImports', () => {
  const FACADES = {
    'react-router': ['Link', 'Routes'],
    '@mantine/core': ['Button', 'Text'],
    '@fxrates/mantine-core-extras': ['Select'],
  };

  it('accepts a remote whose facade imports the shell shares, and ignores packages shared whole', () => {
    expect(
      findMissingImports(FACADES, {
        'react-router': ['Link'],
        '@mantine/core': ['Text'],
        '@fxrates/mantine-core-extras': ['Select'],
        '@mantine/dates': ['DatePicker'],
      }),
    ).toEqual([]);
    expect(findMissingImports(FACADES, undefined)).toEqual([]);
  });

  it('names what the shell’s facades lack, the Mantine extras under @mantine/core', () => {
    expect(
      findMissingImports(FACADES, {
        'react-router': ['Link', 'useBlocker'],
        '@mantine/core': ['Button', 'Drawer'],
        '@fxrates/mantine-core-extras': ['Select', 'Stepper'],
      }),
    ).toEqual([
      { packageName: 'react-router', names: ['useBlocker'] },
      { packageName: '@mantine/core', names: ['Drawer', 'Stepper'] },
    ]);
    expect(
      new IncompatibleRemoteError('marketing', [], [{ packageName: 'react-router', names: ['useBlocker'] }])
        .reason,
    ).toBe('It uses useBlocker from react-router, which this site does not share.');
  });
});

describe('sharedCompatibilityPlugin', () => {
  const MANIFEST_URL = 'http://m/1/mf-manifest.json';
  const snapshotOf = (shared: unknown[]) =>
    ({
      moduleInfo: { name: 'marketing', entry: MANIFEST_URL },
      manifestJson: { shared },
      manifestUrl: MANIFEST_URL,
    }) as never;
  const realFetch = global.fetch;
  let release: unknown;
  const requested: string[] = [];

  beforeEach(() => {
    release = { name: 'marketing', version: '1', sharedImports: { 'react-router': ['Link'] } };
    requested.length = 0;
    global.fetch = jest.fn(async (url: string | URL | Request) => {
      requested.push(String(url));
      return new Response(JSON.stringify(release), { status: release ? 200 : 404 });
    }) as typeof fetch;
  });
  afterEach(() => {
    global.fetch = realFetch;
  });

  const load = async (shared: unknown[]) => {
    const plugin = sharedCompatibilityPlugin(SHELL, { 'react-router': ['Link', 'Routes'] });
    const args = snapshotOf(shared);
    (plugin.beforeLoadManifest as (a: unknown) => void)({ manifestUrl: MANIFEST_URL });
    return { args, result: (plugin.loadRemoteSnapshot as (a: never) => Promise<unknown>)(args) };
  };

  it('stops loading a remote built for another singleton, and keeps the reason for the error panel', async () => {
    const { result } = await load([{ name: 'react-router', version: '8.0.0', requiredVersion: '^8.0.0' }]);
    await expect(result).rejects.toThrow(IncompatibleRemoteError);
    expect(refusalOf('marketing')?.reason).toBe(
      'It was built for react-router ^8.0.0, but this site runs react-router 7.18.5.',
    );
    expect(requested).toEqual(['http://m/1/release.json']);
  });

  it('stops loading a remote that imports a name the shell’s facade lacks', async () => {
    release = { sharedImports: { 'react-router': ['Link', 'useBlocker'] } };
    const { result } = await load([{ name: 'react-router', version: '7.18.5', requiredVersion: '^7.18.5' }]);
    await expect(result).rejects.toThrow(IncompatibleRemoteError);
    expect(refusalOf('marketing')?.reason).toBe(
      'It uses useBlocker from react-router, which this site does not share.',
    );
  });

  it('lets a compatible remote through (with or without a release.json), forgetting an earlier refusal', async () => {
    const { args, result } = await load([
      { name: 'react-router', version: '7.18.5', requiredVersion: '^7.18.5' },
    ]);
    expect(await result).toBe(args);
    expect(refusalOf('marketing')).toBeUndefined();
    release = null;
    const without = await load([{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' }]);
    expect(await without.result).toBe(without.args);
  });
});
