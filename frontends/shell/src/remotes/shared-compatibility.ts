import { satisfy } from '@module-federation/enhanced/runtime';
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
  constructor(
    readonly remote: RemoteName,
    readonly conflicts: readonly SharedConflict[],
  ) {
    super(
      `It was built for ${conflicts
        .map(({ packageName, requiredVersion }) => `${packageName} ${requiredVersion}`)
        .join(', ')}, but this site runs ${conflicts
        .map(({ packageName, shellVersion }) => `${packageName} ${shellVersion}`)
        .join(', ')}.`,
    );
    this.name = 'IncompatibleRemoteError';
  }
}

function sharedEntries(manifest: unknown): ManifestSharedEntry[] {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  if (!Array.isArray(shared)) return [];
  return shared.filter(
    (entry): entry is ManifestSharedEntry =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as ManifestSharedEntry).name === 'string' &&
      typeof (entry as ManifestSharedEntry).version === 'string',
  );
}

/**
 * Reads the remote's mf-manifest.json and throws IncompatibleRemoteError when it needs a shared
 * singleton in a version the shell does not provide (the federation runtime would only warn and
 * hand it the shell's copy anyway). A manifest that cannot be fetched throws like a remote that is down.
 */
export async function assertCompatibleRemote(
  remote: RemoteName,
  manifestUrl: string,
  shellSingletons: Readonly<Record<string, string>>,
): Promise<void> {
  const response = await fetch(manifestUrl, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${manifestUrl} answered HTTP ${response.status}`);
  const conflicts = findSharedConflicts(shellSingletons, sharedEntries(await response.json()));
  if (conflicts.length > 0) throw new IncompatibleRemoteError(remote, conflicts);
}
