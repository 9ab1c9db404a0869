import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '@fxrates/web-kit';
import { sharedCompatibilityPlugin } from './shared-compatibility';

const registeredEntries = new Map<RemoteName, string>();

/**
 * Registers every remote's mf-manifest.json URL from the runtime config with the federation
 * runtime. Idempotent: a remote is registered again only when its URL changed.
 */
export function registerConfiguredRemotes(config: RuntimeConfig): void {
  const changed = REMOTE_NAMES.filter((name) => registeredEntries.get(name) !== config.remotes[name]);
  if (changed.length === 0) return;
  // Once, before the first remote: the shell refuses remotes built against other shared singletons.
  if (registeredEntries.size === 0)
    registerPlugins([sharedCompatibilityPlugin(__FXRATES_SHARED_SINGLETONS__, __FXRATES_SHARED_FACADES__)]);
  registerRemotes(
    changed.map((name) => ({ name, entry: config.remotes[name] })),
    { force: changed.some((name) => registeredEntries.has(name)) },
  );
  for (const name of changed) registeredEntries.set(name, config.remotes[name]);
}

/** Forgets everything the runtime cached for a remote (its manifest, entry and modules), so the next load starts afresh. */
export function resetRemote(name: RemoteName): void {
  const entry = registeredEntries.get(name);
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
