import {
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

describe('sharedCompatibilityPlugin', () => {
  const snapshotOf = (shared: unknown[]) =>
    ({
      moduleInfo: { name: 'marketing', entry: 'http://m/1/mf-manifest.json' },
      manifestJson: { shared },
    }) as never;
  const loadRemoteSnapshot = (args: never) =>
    (sharedCompatibilityPlugin(SHELL).loadRemoteSnapshot as (a: never) => unknown)(args);

  it('stops loading an incompatible remote and keeps the reason for the error panel', () => {
    expect(() =>
      loadRemoteSnapshot(snapshotOf([{ name: 'react-router', version: '8.0.0', requiredVersion: '^8.0.0' }])),
    ).toThrow(IncompatibleRemoteError);
    expect(refusalOf('marketing')?.reason).toBe(
      'It was built for react-router ^8.0.0, but this site runs react-router 7.18.5.',
    );
  });

  it('lets a compatible remote through, and forgets an earlier refusal of it', () => {
    const args = snapshotOf([{ name: 'react-router', version: '7.18.5', requiredVersion: '^7.18.5' }]);
    expect(loadRemoteSnapshot(args)).toBe(args);
    expect(refusalOf('marketing')).toBeUndefined();
  });
});
