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

/** Names a remote imports from a package the shell shares as a facade that the shell's facade lacks. */
export interface MissingImport {
  packageName: string;
  names: string[];
}

/** Share keys of facades that stand for another package (frontends/mf-shared.js MANTINE_EXTRAS). */
const FACADE_PACKAGES: Readonly<Record<string, string>> = { '@fxrates/mantine-core-extras': '@mantine/core' };

/**
 * react-router and Mantine are shared as facades generated at build time with only the names the
 * apps used then (frontends/mf-shared.js): a remote built later may import a name that the
 * deployed shell's facade does not carry, and would get `undefined` for it. A remote's release.json
 * lists what it imports from each facade (`sharedImports`); the shell compares it with its own.
 */
export function findMissingImports(
  shellFacades: Readonly<Record<string, readonly string[]>>,
  remoteImports: unknown,
): MissingImport[] {
  if (typeof remoteImports !== 'object' || remoteImports === null) return [];
  const missing = new Map<string, string[]>();
  for (const [key, names] of Object.entries(remoteImports as Record<string, unknown>)) {
    const shared = shellFacades[key];
    if (shared === undefined || !Array.isArray(names)) continue; // shared whole, or not at all
    const lacking = names.filter(
      (name): name is string => typeof name === 'string' && !shared.includes(name),
    );
    if (lacking.length === 0) continue;
    const packageName = FACADE_PACKAGES[key] ?? key;
    missing.set(packageName, [...(missing.get(packageName) ?? []), ...lacking]);
  }
  return [...missing].map(([packageName, names]) => ({ packageName, names }));
}

function explain(conflicts: readonly SharedConflict[], missing: readonly MissingImport[]): string {
  const sentences: string[] = [];
  if (conflicts.length > 0) {
    sentences.push(
      `It was built for ${conflicts
        .map(({ packageName, requiredVersion }) => `${packageName} ${requiredVersion}`)
        .join(', ')}, but this site runs ${conflicts
        .map(({ packageName, shellVersion }) => `${packageName} ${shellVersion}`)
        .join(', ')}.`,
    );
  }
  for (const { packageName, names } of missing) {
    sentences.push(`It uses ${names.join(', ')} from ${packageName}, which this site does not share.`);
  }
  return sentences.join(' ');
}

/** Thrown instead of loading a remote built against other shared singletons than the shell's. */
export class IncompatibleRemoteError extends Error {
  /** What the error panel says (the federation runtime prefixes `message` when it rethrows). */
  readonly reason: string;

  constructor(
    readonly remote: RemoteName | string,
    readonly conflicts: readonly SharedConflict[],
    readonly missing: readonly MissingImport[] = [],
  ) {
    const reason = explain(conflicts, missing);
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

/** A remote's release.json (written beside its mf-manifest.json), or null where there is none. */
function fetchRelease(manifestUrl: string): Promise<{ sharedImports?: unknown } | null> {
  const base = typeof location === 'undefined' ? undefined : location.href;
  return fetch(new URL('release.json', new URL(manifestUrl, base)), { cache: 'no-cache' })
    .then((response) => (response.ok ? (response.json() as Promise<{ sharedImports?: unknown }>) : null))
    .catch(() => null);
}

/**
 * A federation runtime plugin: when the runtime has fetched a remote's mf-manifest.json, and before
 * it loads any of the remote's code, it compares the remote's shared singletons with the shell's
 * (the manifest the runtime fetched: no second request) and what the remote imports from the
 * shell's facades (its release.json, fetched beside the manifest), and stops the load on a
 * conflict. The runtime on its own would only warn and hand the remote the shell's copy anyway.
 */
export function sharedCompatibilityPlugin(
  shellSingletons: Readonly<Record<string, string>>,
  shellFacades: Readonly<Record<string, readonly string[]>>,
): ModuleFederationRuntimePlugin {
  const releases = new Map<string, ReturnType<typeof fetchRelease>>();
  return {
    name: 'fxrates-shared-compatibility',
    beforeLoadManifest({ manifestUrl }) {
      releases.set(manifestUrl, fetchRelease(manifestUrl));
    },
    async loadRemoteSnapshot(args) {
      const remote = args.moduleInfo.name;
      const conflicts = findSharedConflicts(shellSingletons, sharedEntries(args.manifestJson));
      const url = args.manifestUrl;
      const release = url ? await (releases.get(url) ?? fetchRelease(url)) : null;
      if (url) releases.delete(url);
      const missing = findMissingImports(shellFacades, release?.sharedImports);
      if (conflicts.length === 0 && missing.length === 0) {
        refusals.delete(remote);
        return args;
      }
      const refusal = new IncompatibleRemoteError(remote, conflicts, missing);
      refusals.set(remote, refusal);
      throw refusal;
    },
  };
}
