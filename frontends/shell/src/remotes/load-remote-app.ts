import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@fxrates/web-kit';
import type { ComponentType } from 'react';
import { refusalOf } from './shared-compatibility';

interface RemoteAppModule {
  default: ComponentType;
}

/**
 * Loads the component a remote exposes as `./App`. A remote whose shared singletons do not match
 * the shell's is refused before any of its code runs (sharedCompatibilityPlugin): the error then
 * says why.
 */
export async function loadRemoteApp(name: RemoteName): Promise<ComponentType> {
  let module: RemoteAppModule | null;
  try {
    module = await loadRemote<RemoteAppModule>(`${name}/App`);
  } catch (error) {
    throw refusalOf(name) ?? error;
  }
  if (!module || typeof module.default !== 'function') {
    throw new Error(`The ${name} application did not provide a component`);
  }
  return module.default;
}
