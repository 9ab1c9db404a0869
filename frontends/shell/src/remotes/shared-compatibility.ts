import { satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@fxrates/web-kit';

/** A `shared` entry of a remote's mf-manifest.json (the fields read here). */
export interface ManifestSharedEntry {
  name: string;
  version: string;
  requiredVersion?: string;
  singleton?: boolean;
}

/** A singleton the shell provides in a version the remote does not accept. */
export interface SharedConflict {
  packageName: string;
  shellVersion: string;
  requiredVersion: string;
}

/**
 * The singletons the shell provides that a remote requires in another range. react-router and the
 * Mantine packages are shared as facades generated at build time (frontends/mf-shared.js): their
 * share key and version are still the package's own, so the facades are compared like the others.
 */
export function findSharedConflicts(
  shellSingletons: Readonly<Record<string, string>>,
  remoteShared: readonly ManifestSharedEntry[],
): SharedConflict[] {
  return remoteShared.flatMap((entry) => {
    const shellVersion = shellSingletons[entry.name];
    if (shellVersion === undefined) return [];
    const requiredVersion = entry.requiredVersion || `^${entry.version}`;
    return satisfy(shellVersion, requiredVersion)
      ? []
      : [{ packageName: entry.name, shellVersion, requiredVersion }];
  });
}

/** Thrown instead of loading a remote built against other shared singletons than the shell's. */
export class IncompatibleRemoteError extends Error {
  /** What the error panel says (the federation runtime prefixes `message` when it rethrows). */
  readonly reason: string;

  constructor(
    readonly remote: RemoteName | string,
    readonly conflicts: readonly SharedConflict[],
  ) {
    const reason = `It was built for ${conflicts
      .map(({ packageName, requiredVersion }) => `${packageName} ${requiredVersion}`)
      .join(', ')}, but this site runs ${conflicts
      .map(({ packageName, shellVersion }) => `${packageName} ${shellVersion}`)
      .join(', ')}.`;
    super(reason);
    this.name = 'IncompatibleRemoteError';
    this.reason = reason;
  }
}

function sharedEntries(manifest: unknown): ManifestSharedEntry[] {
  const shared = (manifest as { shared?: unknown } | null | undefined)?.shared;
  if (!Array.isArray(shared)) return [];
  return shared.filter(
    (entry): entry is ManifestSharedEntry =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as ManifestSharedEntry).name === 'string' &&
      typeof (entry as ManifestSharedEntry).version === 'string',
  );
}

/** The refusal of each remote whose last manifest was incompatible (loadRemote's own error is the runtime's). */
const refusals = new Map<string, IncompatibleRemoteError>();

/** Why a remote was refused, if it was. */
export function refusalOf(remote: RemoteName): IncompatibleRemoteError | undefined {
  return refusals.get(remote);
}

/**
 * A federation runtime plugin: when the runtime has fetched a remote's mf-manifest.json, and before
 * it loads any of the remote's code, it compares the remote's shared singletons with the shell's
 * and stops the load on a conflict (the runtime on its own would only warn and hand the remote the
 * shell's copy anyway). One request: the manifest the runtime fetches is the one checked.
 */
export function sharedCompatibilityPlugin(
  shellSingletons: Readonly<Record<string, string>>,
): ModuleFederationRuntimePlugin {
  return {
    name: 'fxrates-shared-compatibility',
    loadRemoteSnapshot(args) {
      const remote = args.moduleInfo.name;
      const conflicts = findSharedConflicts(shellSingletons, sharedEntries(args.manifestJson));
      if (conflicts.length === 0) {
        refusals.delete(remote);
        return args;
      }
      const refusal = new IncompatibleRemoteError(remote, conflicts);
      refusals.set(remote, refusal);
      throw refusal;
    },
  };
}
